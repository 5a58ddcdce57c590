// Signed webhooks against a local receiver: messages verify with the Standard Webhooks library, come
// in order, are retried after 500s (same webhook-id), can be replayed, carry a cursor the change feed
// accepts; a rotated secret signs beside the new one for a day; an endpoint failing for 3 days is
// disabled with its reason. Deliveries are driven here (drainEndpoint) with each retry's time moved
// for its row rather than slept through; the receiver's host is allowed explicitly, as
// WEBHOOK_ALLOWED_HOSTS would.
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as endpointsRoute from "@/app/api/webhooks/v1/endpoints/route";
import * as endpointRoute from "@/app/api/webhooks/v1/endpoints/[id]/route";
import * as deliveriesRoute from "@/app/api/webhooks/v1/endpoints/[id]/deliveries/route";
import * as rotateRoute from "@/app/api/webhooks/v1/endpoints/[id]/rotate-secret/route";
import * as replayRoute from "@/app/api/webhooks/v1/endpoints/deliveries/[deliveryId]/replay/route";
import { moveConsent } from "@/lib/accounttracking/consents/lifecycle";
import { prisma, pool } from "@/lib/db/client";
import { emitConsentsEnding } from "@/lib/webhooks/consent-ending";
import { drainEndpoint } from "@/lib/webhooks/deliver";
import { dispatchDue, startWebhookWorker } from "@/lib/webhooks/dispatch";
import { stopBoss } from "@/lib/sync/queue";
import { webhookMessageSchema, WEBHOOK_EVENTS, type WebhookEventType } from "@/lib/webhooks/events";
import { messageBody } from "@/lib/webhooks/deliver";
import { purgeWebhookMessages } from "@/lib/webhooks/retention";
import { connectedConsent, syncedAccount } from "@/testing/support/bank-flow";
import { readChanges } from "@/testing/support/changes";
import { makePerson } from "@/testing/support/fixtures";
import { bearer, call } from "@/testing/support/http";
import { withSandboxBank } from "@/testing/support/sandbox-server";
import { endpointAt, RECEIVER_HOSTS, webhookReceiver } from "@/testing/support/webhook-receiver";

withSandboxBank();

let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
/** When this file began: the events its flows emitted are the ones written since (its worker's database is shared with the files before it). */
let fileStart: Date;
beforeAll(async () => {
  fileStart = (await pool().query<{ now: Date }>("SELECT now()")).rows[0].now;
  receiver = await webhookReceiver();
});
afterAll(() => receiver.close());

const drain = (endpointId: string) => drainEndpoint(endpointId, { allowedHosts: RECEIVER_HOSTS });
/** The endpoint's waiting message is due now (its retry time moved for this row, not slept through). */
const dueNow = (endpointId: string) =>
  pool().query("UPDATE webhook_deliveries SET next_attempt_at = now() WHERE endpoint_id = $1 AND status = 'pending'", [
    endpointId,
  ]);

type Message = { type: string; timestamp: string; data: Record<string, unknown> };

describe("signed webhooks", () => {
  it("a sync's messages verify with the library, come in order, are retried after two 500s and can be replayed", async () => {
    const c = await connectedConsent("pending");
    const headers = bearer(c.person.token, c.person.scopeId);
    const endpoint = await endpointAt(
      receiver.url,
      c.person,
      ["account.tracked", "transactions.changed"],
      "test receiver",
    );
    const verifier = new Webhook(endpoint.secret);
    const { account } = await syncedAccount(c);
    const start = receiver.received.length;

    // The first message fails twice: it is tried again (same webhook-id), and the second waits behind it.
    receiver.answer({ status: 500 }, { status: 500 });
    expect((await drain(endpoint.id)).nextAt).not.toBeNull();
    await dueNow(endpoint.id);
    expect((await drain(endpoint.id)).nextAt).not.toBeNull();
    expect(receiver.received.length - start).toBe(2);
    await dueNow(endpoint.id);
    expect(await drain(endpoint.id)).toMatchObject({ sent: 2, nextAt: null });
    const got = receiver.received.slice(start);
    expect(got.length).toBe(4);
    const messages = got.map((m) => verifier.verify(m.body, m.headers) as Message);
    expect(messages.map((m) => m.type)).toEqual([
      "account.tracked",
      "account.tracked",
      "account.tracked",
      "transactions.changed",
    ]);
    expect(new Set(got.slice(0, 3).map((m) => m.headers["webhook-id"])).size).toBe(1);
    expect(got[3].headers["webhook-id"]).not.toBe(got[0].headers["webhook-id"]);
    expect(messages[0].data).toMatchObject({ accountId: account.id, consentId: c.consentId });

    // transactions.changed: the counts, and a cursor from which the feed lists this sync's changes.
    const changed = messages[3].data as {
      accountId: string;
      added: number;
      modified: number;
      removed: number;
      cursor: string;
    };
    expect(changed.accountId).toBe(account.id);
    expect(changed.added).toBeGreaterThan(0);
    const feed = await readChanges(headers, account.id, changed.cursor, 1000);
    expect(feed.status).toBe(200);
    expect(feed.json.data.added.length).toBe(changed.added);

    // A signature made with another secret, or a body changed in transit, does not verify.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(24, 1).toString("base64")}`).verify(got[3].body, got[3].headers),
    ).toThrow();
    expect(() => verifier.verify(got[3].body.replace("transactions", "transaction"), got[3].headers)).toThrow();

    // Deliveries as the admins see them: newest first, attempts and the receiver's answers.
    const list = await call<{
      data: { id: string; status: string; attempts: number; lastStatusCode: number; eventType: string }[];
    }>(deliveriesRoute.GET, "GET", "x", { headers, params: { id: endpoint.id } });
    expect(list.status).toBe(200);
    expect(list.json.data.map((d) => [d.eventType, d.status, d.attempts, d.lastStatusCode])).toEqual([
      ["transactions.changed", "succeeded", 1, 204],
      ["account.tracked", "succeeded", 3, 204],
    ]);

    // Replay: the same message (same webhook-id) once more.
    const replayed = await call<{ data: { id: string; status: string } }>(replayRoute.POST, "POST", "x", {
      headers,
      params: { deliveryId: list.json.data[0].id },
    });
    expect([replayed.status, replayed.json.data.status]).toEqual([201, "pending"]);
    expect(await drain(endpoint.id)).toMatchObject({ sent: 1 });
    const again = receiver.received.at(-1);
    expect(again?.headers["webhook-id"]).toBe(got[3].headers["webhook-id"]);
    expect(verifier.verify(again?.body ?? "", again?.headers ?? {})).toEqual(messages[3]);
    const replayAudit = await pool().query<{ action: string }>(
      "SELECT action FROM audit_events WHERE scope_id = $1 AND record_type = 'webhook_endpoint' ORDER BY seq",
      [c.person.scopeId],
    );
    expect(replayAudit.rows.map((r) => r.action)).toEqual([
      "webhook_endpoint.created",
      "webhook_endpoint.delivery_replayed",
    ]);
  }, 120_000);

  it("a rotated secret signs beside the new one; an endpoint failing for 3 days is disabled, saying why", async () => {
    const c = await connectedConsent("alice");
    const headers = bearer(c.person.token, c.person.scopeId);
    const endpoint = await endpointAt(receiver.url, c.person, ["consent.ending", "consent.ended"]);
    const rotated = await call<{ data: { secret: string } }>(rotateRoute.POST, "POST", "x", {
      headers,
      params: { id: endpoint.id },
    });
    expect(rotated.status).toBe(200);
    expect(rotated.json.data.secret).not.toBe(endpoint.secret);

    // consent.ending: once per consent and end date, whenever the tick runs.
    const soon = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    await pool().query(
      "UPDATE consents SET valid_until = $2, bank_date = NULL, bank_date_read_at = NULL WHERE id = $1",
      [c.consentId, soon],
    );
    expect(await emitConsentsEnding()).toBe(1);
    expect(await emitConsentsEnding()).toBe(0);
    const start = receiver.received.length;
    expect(await drain(endpoint.id)).toMatchObject({ sent: 1 });
    const ending = receiver.received.slice(start);
    expect(ending.length).toBe(1);
    for (const secret of [endpoint.secret, rotated.json.data.secret])
      expect(new Webhook(secret).verify(ending[0].body, ending[0].headers)).toMatchObject({
        type: "consent.ending",
        data: { consentId: c.consentId, daysLeft: 5, validUntil: soon },
      });

    // consent.ended (the consent's move writes it), to a receiver that has failed for more than 3
    // days: the endpoint is disabled.
    const revoked = await moveConsent(
      prisma(),
      c.consentId,
      { from: "valid", to: "revoked", by: "bank" },
      { statusReason: "Revoked at the bank." },
    );
    expect(revoked.moved).toBe(true);
    await pool().query("UPDATE webhook_endpoints SET failing_since = now() - interval '4 days' WHERE id = $1", [
      endpoint.id,
    ]);
    receiver.answer({ status: 500 });
    expect(await drain(endpoint.id)).toMatchObject({ sent: 0 });
    const listed = await call<{
      data: { id: string; enabled: boolean; disabledReason: string | null; failingSince: string }[];
    }>(endpointsRoute.GET, "GET", "x", { headers });
    const shown = listed.json.data.find((e) => e.id === endpoint.id);
    expect(shown?.enabled).toBe(false);
    expect(shown?.disabledReason).toContain("failed for 3 days");
    expect(listed.text).not.toContain("whsec_");
    // Disabled: nothing more is sent until it is enabled again.
    expect(await drain(endpoint.id)).toMatchObject({ leased: false, sent: 0 });
    const enabled = await call<{ data: { enabled: boolean; failingSince: string | null } }>(
      endpointRoute.PATCH,
      "PATCH",
      "x",
      {
        headers,
        params: { id: endpoint.id },
        body: { enabled: true },
      },
    );
    expect([enabled.status, enabled.json.data]).toMatchObject([200, { enabled: true, failingSince: null }]);
    expect(await drain(endpoint.id)).toMatchObject({ sent: 1 });
    expect(JSON.parse(receiver.received.at(-1)?.body ?? "{}")).toMatchObject({
      type: "consent.ended",
      data: { consentId: c.consentId, status: "revoked", reason: "Revoked at the bank." },
    });
    const deleted = await call(endpointRoute.DELETE, "DELETE", "x", { headers, params: { id: endpoint.id } });
    expect(deleted.status).toBe(204);

    // Every change an admin made is in the scope's audit trail, never a secret.
    const trail = await pool().query<{ action: string; text: string }>(
      "SELECT action, coalesce(before::text, '') || coalesce(after::text, '') AS text FROM audit_events WHERE scope_id = $1 AND record_type = 'webhook_endpoint' ORDER BY seq",
      [c.person.scopeId],
    );
    expect(trail.rows.map((r) => r.action)).toEqual([
      "webhook_endpoint.created",
      "webhook_endpoint.secret_rotated",
      "webhook_endpoint.updated",
      "webhook_endpoint.deleted",
    ]);
    expect(trail.rows.some((r) => r.text.includes("whsec_"))).toBe(false);
  }, 120_000);

  it("the worker delivers through pg-boss: a due message is queued by the tick and sent by the endpoint's job", async () => {
    const c = await connectedConsent("alice");
    const endpoint = await endpointAt(receiver.url, c.person, ["account.tracked"]);
    // The worker's deliverer reads WEBHOOK_ALLOWED_HOSTS; this process's env has none, so the job is
    // driven with the receiver's host allowed, as the worker of a demo would be.
    const sent = receiver.received.length;
    await syncedAccount(c);
    // Files that ran earlier on this worker's database may have left endpoints with messages due (their
    // receivers gone): they are switched off, so the tick's count is this endpoint's alone.
    await pool().query("UPDATE webhook_endpoints SET enabled = false WHERE id <> $1 AND enabled", [endpoint.id]);
    const deliverer = await startWebhookWorker({ allowedHosts: RECEIVER_HOSTS });
    try {
      expect(await dispatchDue()).toBe(1);
      // The job is announced (JOBS_CHANNEL); this test is the worker's listener.
      deliverer.wake();
      await expect.poll(() => receiver.received.length - sent, { timeout: 20_000, interval: 100 }).toBe(1);
      expect(JSON.parse(receiver.received.at(-1)?.body ?? "{}")).toMatchObject({ type: "account.tracked" });
    } finally {
      await deliverer.stop();
      await stopBoss();
    }
    expect(await prisma().webhookDelivery.findFirst({ where: { endpointId: endpoint.id } })).toMatchObject({
      status: "succeeded",
      attempts: 1,
    });
  }, 60_000);

  it("every event this file's flows emitted parses against the schema the OpenAPI document publishes for its type", async () => {
    const { rows } = await pool().query<{ type: string; payload: string; created_at: Date }>(
      "SELECT type, payload::text AS payload, created_at FROM webhook_events WHERE created_at >= $1 ORDER BY created_at",
      [fileStart],
    );
    const types = new Set(rows.map((r) => r.type));
    // A sync's (account.tracked, transactions.changed) at least, written by the moves that caused them.
    expect(types.has("account.tracked") && types.has("transactions.changed")).toBe(true);
    expect([...types].every((t) => (WEBHOOK_EVENTS as string[]).includes(t))).toBe(true);
    for (const row of rows) {
      const parsed = webhookMessageSchema(row.type as WebhookEventType).safeParse(JSON.parse(messageBody(row)));
      expect({ type: row.type, issues: parsed.error?.issues ?? [] }).toEqual({ type: row.type, issues: [] });
    }
  });

  it("retention purges messages done for 30 days and their events, never a waiting one", async () => {
    const admin = await makePerson("webhook-retention");
    const endpoint = await endpointAt(receiver.url, admin, ["account.tracked"]);
    const message = async (status: string) => {
      const { rows } = await pool().query<{ id: string }>(
        "INSERT INTO webhook_events (scope_id, type, payload) VALUES ($1, 'account.tracked', '{}') RETURNING id",
        [admin.scopeId],
      );
      await pool().query("INSERT INTO webhook_deliveries (endpoint_id, event_id, status) VALUES ($1, $2, $3)", [
        endpoint.id,
        rows[0].id,
        status,
      ]);
      return rows[0].id;
    };
    const [done, failed, waiting] = [await message("succeeded"), await message("failed"), await message("pending")];
    expect(await purgeWebhookMessages(new Date(Date.now() + 29 * 86_400_000))).toBe(0);
    expect(await purgeWebhookMessages(new Date(Date.now() + 31 * 86_400_000))).toBeGreaterThanOrEqual(4);
    const left = await pool().query<{ id: string }>("SELECT id FROM webhook_events WHERE id = ANY($1::uuid[])", [
      [done, failed, waiting],
    ]);
    expect(left.rows.map((r) => r.id)).toEqual([waiting]);
    expect(await prisma().webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(1);
  });
});
