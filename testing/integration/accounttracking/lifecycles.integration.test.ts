// The three lifecycles against the database: each move function refuses what its table does not
// list (nothing written, the row as it is answered), refuses a move from a state the row has left,
// and writes the event the move emits in the move's own transaction (so a move that rolls back
// leaves no event either).
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { moveAuthorization } from "@/lib/accounttracking/consents/authorization-lifecycle";
import { moveConsent } from "@/lib/accounttracking/consents/lifecycle";
import { pool, prisma } from "@/lib/db/client";
import { transaction } from "@/lib/db/transaction";
import { claimRun, finishRun, giveUpQueuedRun, moveRun, requeueRun } from "@/lib/sync/run-lifecycle";
import { makePerson } from "@/testing/support/fixtures";
import { storedAccount, storedConsent } from "@/testing/support/stored-account";

let person: Awaited<ReturnType<typeof makePerson>>;
let stored: Awaited<ReturnType<typeof storedAccount>>;
beforeAll(async () => {
  person = await makePerson("lifecycles");
  stored = await storedAccount(person, 3);
  // Subscribed to every event, so a move that emits one writes it.
  await prisma().webhookEndpoint.create({
    data: {
      scopeId: person.scopeId,
      url: "https://example.com/hook",
      events: ["consent.ended", "sync.failed", "transactions.changed"],
      secretCiphertext: "unused",
    },
  });
});

const events = async (type: string) =>
  (
    await pool().query<{ payload: Record<string, unknown> }>(
      "SELECT payload FROM webhook_events WHERE scope_id = $1 AND type = $2 ORDER BY created_at",
      [person.scopeId, type],
    )
  ).rows.map((r) => r.payload);

const newConsent = (status: "pending" | "valid" | "revoked") => storedConsent(person, status, "Ardenne Crédit");

describe("consents", () => {
  it("a move the table does not list is refused: nothing written, the consent as it is", async () => {
    const consent = await newConsent("revoked");
    const refused = await moveConsent(prisma(), consent.id, { from: "revoked", to: "valid", by: "bank" });
    expect(refused.moved).toBe(false);
    expect(refused.consent.status).toBe("revoked");
    const byPerson = await moveConsent(prisma(), consent.id, { from: "revoked", to: "renewed", by: "person" });
    expect(byPerson.moved).toBe(false);
    expect((await prisma().consent.findUniqueOrThrow({ where: { id: consent.id } })).status).toBe("revoked");
  });

  it("a move from a status the consent has left is refused (two writers racing: one wins)", async () => {
    const consent = await newConsent("valid");
    const first = await moveConsent(prisma(), consent.id, { from: "valid", to: "revoked", by: "person" });
    const second = await moveConsent(prisma(), consent.id, { from: "valid", to: "expired", by: "bank" });
    expect([first.moved, second.moved]).toEqual([true, false]);
    expect(second.consent.status).toBe("revoked");
  });

  it("a move to an end emits consent.ended with it; one that rolls back emits nothing", async () => {
    const ended = await newConsent("valid");
    await moveConsent(prisma(), ended.id, { from: "valid", to: "expired", by: "bank" }, { statusReason: "Lapsed." });
    expect(await events("consent.ended")).toContainEqual({
      consentId: ended.id,
      status: "expired",
      reason: "Lapsed.",
      bankName: "Ardenne Crédit",
    });
    const kept = await newConsent("valid");
    await expect(
      transaction(async (tx) => {
        await moveConsent(tx, kept.id, { from: "valid", to: "revoked", by: "person" });
        throw new Error("the caller's transaction fails after the move");
      }),
    ).rejects.toThrow("fails after the move");
    expect((await events("consent.ended")).map((e) => e.consentId)).not.toContain(kept.id);
    expect((await prisma().consent.findUniqueOrThrow({ where: { id: kept.id } })).status).toBe("valid");
  });
});

describe("authorizations", () => {
  const newAuthorization = async (phase: "sent" | "completed") => {
    const consent = await newConsent("pending");
    return prisma().consentAuthorization.create({
      data: {
        consentId: consent.id,
        integrationName: "sandbox",
        stateHash: randomUUID(),
        expiresAt: new Date(Date.now() + 600_000),
        phase,
      },
    });
  };

  it("a spent state is never spent again, and a completed one never moves", async () => {
    const sent = await newAuthorization("sent");
    const spent = await moveAuthorization(
      prisma(),
      sent.id,
      { to: "approved", by: "callback" },
      { outcome: "approved" },
    );
    expect(spent?.phase).toBe("approved");
    expect(spent?.usedAt).not.toBeNull();
    expect(await moveAuthorization(prisma(), sent.id, { to: "declined", by: "callback" })).toBeNull();

    const completed = await newAuthorization("completed");
    expect(await moveAuthorization(prisma(), completed.id, { to: "approved", by: "callback" })).toBeNull();
    expect(await moveAuthorization(prisma(), completed.id, { to: "abandoned", by: "redirect" })).toBeNull();
    const row = await prisma().consentAuthorization.findUniqueOrThrow({ where: { id: completed.id } });
    expect([row.phase, row.usedAt]).toEqual(["completed", null]);
  });

  it("a move the table does not list for this actor is refused (only the approval completes an approval)", async () => {
    const sent = await newAuthorization("sent");
    await moveAuthorization(prisma(), sent.id, { to: "approved", by: "callback" });
    expect(await moveAuthorization(prisma(), sent.id, { to: "completed", by: "repair" })).toBeNull();
    expect((await moveAuthorization(prisma(), sent.id, { to: "completed", by: "approval" }))?.phase).toBe("completed");
  });
});

describe("sync runs", () => {
  const newRun = async () => {
    const { rows } = await pool().query<{ id: string }>(
      `INSERT INTO sync_runs (id, scope_id, account_id, trigger, attended) VALUES (gen_random_uuid(), $1, $2, 'manual', true)
       RETURNING id`,
      [person.scopeId, stored.accountId],
    );
    return rows[0].id;
  };

  it("a queued run cannot end before a worker claims it, and only its worker ends it", async () => {
    const run = await newRun();
    expect(await finishRun(run, "w1", "succeeded", null)).toBe(false);
    expect(await requeueRun(run, "w1", 5, "wait")).toBe(false);
    const claimed = await pool()
      .connect()
      .then(async (client) => {
        try {
          return await claimRun(client, run, "w1", 60);
        } finally {
          client.release();
        }
      });
    expect(claimed?.state).toBe("running");
    expect(claimed?.feed_from).not.toBeNull();
    expect(await finishRun(run, "w2", "failed", "not mine")).toBe(false);
    expect(await giveUpQueuedRun(run, "no longer queued")).toBe(false);
    expect(await finishRun(run, "w1", "succeeded", null)).toBe(true);
    // Nothing leaves an end.
    expect(await moveRun(run, { to: "running", by: "worker" }, { worker: "w3", stale: 0 })).toBeNull();
    const { rows } = await pool().query("SELECT state, worker_id FROM sync_runs WHERE id = $1", [run]);
    expect(rows[0]).toEqual({ state: "succeeded", worker_id: "w1" });
  });

  it("a failed run emits sync.failed in its move; a run that changed nothing emits no transactions.changed", async () => {
    const failing = await newRun();
    const client = await pool().connect();
    try {
      await claimRun(client, failing, "w1", 60);
    } finally {
      client.release();
    }
    await finishRun(failing, "w1", "failed", "The bank refused the request.");
    expect(await events("sync.failed")).toContainEqual({
      accountId: stored.accountId,
      syncRunId: failing,
      message: "The bank refused the request.",
    });
    const quiet = await newRun();
    await moveRun(quiet, { to: "running", by: "worker" }, { worker: "w1", stale: 60 });
    await finishRun(quiet, "w1", "succeeded", null);
    expect((await events("transactions.changed")).map((e) => e.syncRunId)).not.toContain(quiet);
  });
});
