// A person's housekeeping of an account through the API: stop tracking, resume, archive, restore,
// hide and show. Each keeps the account's rows, is undone by the opposite change, is in the audit
// trail, and a move emits account.tracking_changed (parsed against the schema the OpenAPI document
// publishes). A stopped account is refused a manual sync and skipped by the scheduler; a move the
// lifecycle does not list is refused and writes nothing; bad input is 422 in the envelope.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as accountsRoute from "@/app/api/accounttracking/v1/accounts/route";
import * as accountRoute from "@/app/api/accounttracking/v1/accounts/[id]/route";
import * as syncRoute from "@/app/api/accounttracking/v1/accounts/[id]/sync-transactions/route";
import { moveAccount } from "@/lib/accounttracking/accounts/lifecycle";
import { pool, prisma } from "@/lib/db/client";
import { SYNC_QUEUE, stopBoss } from "@/lib/sync/queue";
import { scheduleDueSyncs } from "@/lib/sync/scheduler";
import { messageBody } from "@/lib/webhooks/deliver";
import { webhookMessageSchema } from "@/lib/webhooks/events";
import { connectedConsent, syncedAccount, type Connected } from "@/testing/support/bank-flow";
import { bearer, call } from "@/testing/support/http";
import { withSandboxBank } from "@/testing/support/sandbox-server";
import { insertTrackedAccounts, retireTestAccounts } from "@/testing/support/sync/accounts";
import { endpointAt, webhookReceiver } from "@/testing/support/webhook-receiver";

withSandboxBank();

type Account = {
  id: string;
  trackingState: string;
  trackingChangedAt: string | null;
  hidden: boolean;
  nickname: string | null;
};
type Envelope = { data: Account; error?: { code: string; message: string; details?: Record<string, string[]> } };

let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
let c: Connected;
let headers: Record<string, string>;
let accountId: string;
const retired: string[] = [];

beforeAll(async () => {
  c = await connectedConsent("alice");
  headers = bearer(c.person.token, c.person.scopeId);
  // Subscribed before any move, so each move's event is written to the outbox.
  receiver = await webhookReceiver();
  await endpointAt(receiver.url, c.person, ["account.tracking_changed"]);
  accountId = (await syncedAccount(c)).account.id;
});

afterAll(async () => {
  await retireTestAccounts([accountId, ...retired], SYNC_QUEUE);
  await stopBoss();
  await receiver.close();
});

const patch = (body: unknown, id = accountId) =>
  call<Envelope>(accountRoute.PATCH, "PATCH", "x", { headers, params: { id }, body });
const list = (query = "") =>
  call<{ data: Account[] }>(accountsRoute.GET, "GET", "x", { headers, query: `perPage=100&${query}` });
const rowsOf = async (id: string) => prisma().transaction.count({ where: { accountId: id, removedAt: null } });
const audit = (id: string) =>
  prisma().auditEvent.findMany({
    where: { recordId: id, action: { startsWith: "account." } },
    orderBy: { seq: "asc" },
  });
const events = async (id: string) => {
  const { rows } = await pool().query<{ type: string; payload: string; created_at: Date }>(
    `SELECT e.type, e.payload::text AS payload, e.created_at FROM webhook_events e
      JOIN webhook_deliveries d ON d.event_id = e.id WHERE e.payload->>'accountId' = $1 ORDER BY d.seq`,
    [id],
  );
  return rows.filter((r) => r.type === "account.tracking_changed");
};

describe("stop tracking, resume, archive, restore", () => {
  it("stop keeps the rows, refuses a manual sync (409), emits and audits; resume undoes it", async () => {
    const before = await rowsOf(accountId);
    expect(before).toBeGreaterThan(0);
    const stopped = await patch({ trackingState: "stopped" });
    expect(stopped.status, stopped.text).toBe(200);
    expect(stopped.json.data).toMatchObject({ trackingState: "stopped", hidden: false });
    expect(stopped.json.data.trackingChangedAt).not.toBeNull();
    expect(await rowsOf(accountId)).toBe(before);

    const sync = await call<Envelope>(syncRoute.POST, "POST", "x", { headers, params: { id: accountId } });
    expect(sync.status).toBe(409);
    expect(sync.json.error?.code).toBe("conflict");
    expect(sync.json.error?.message).toMatch(/stopped.*Resume/);

    const resumed = await patch({ trackingState: "tracking" });
    expect(resumed.json.data.trackingState).toBe("tracking");
    const trail = (await audit(accountId)).filter((e) => e.action === "account.tracking_changed");
    expect(trail.map((e) => [e.before, e.after])).toEqual([
      [{ tracking: "tracking" }, { tracking: "stopped" }],
      [{ tracking: "stopped" }, { tracking: "tracking" }],
    ]);
    const sent = await events(accountId);
    expect(sent.map((e) => JSON.parse(e.payload) as Record<string, unknown>)).toMatchObject([
      { accountId, trackingState: "stopped", previous: "tracking" },
      { accountId, trackingState: "tracking", previous: "stopped" },
    ]);
    for (const row of sent) {
      const parsed = webhookMessageSchema("account.tracking_changed").safeParse(JSON.parse(messageBody(row)));
      expect(parsed.error?.issues ?? []).toEqual([]);
    }
  });

  it("archive goes through stopped; a move the table does not list is 409 and writes nothing", async () => {
    const trailBefore = (await audit(accountId)).length;
    const eventsBefore = (await events(accountId)).length;
    const direct = await patch({ trackingState: "archived" });
    expect(direct.status).toBe(409);
    expect(direct.json.error?.message).toMatch(/stopped \(stop\)/);
    // All or nothing: the nickname sent with the refused move is not kept either.
    expect((await patch({ nickname: "Old test account", trackingState: "archived" })).status).toBe(409);
    const unchanged = await prisma().trackedAccount.findUniqueOrThrow({ where: { id: accountId } });
    expect([unchanged.trackingState, unchanged.nickname]).toEqual(["tracking", null]);
    expect((await audit(accountId)).length).toBe(trailBefore);
    expect((await events(accountId)).length).toBe(eventsBefore);

    expect((await patch({ trackingState: "stopped" })).status).toBe(200);
    const archived = await patch({ trackingState: "archived" });
    expect(archived.json.data.trackingState).toBe("archived");
    expect((await patch({ trackingState: "tracking" })).status).toBe(409);
    expect((await patch({ trackingState: "stopped" })).json.data.trackingState).toBe("stopped");
    // The state it is in already: nothing to do, no audit row.
    const again = (await audit(accountId)).length;
    expect((await patch({ trackingState: "stopped" })).status).toBe(200);
    expect((await audit(accountId)).length).toBe(again);
    expect((await patch({ trackingState: "tracking" })).json.data.trackingState).toBe("tracking");
  });

  it("the move function refuses a stale or unlisted move and writes nothing", async () => {
    const unlisted = await moveAccount(prisma(), accountId, { from: "tracking", to: "archived", by: "person" });
    expect([unlisted.moved, unlisted.account.trackingState]).toEqual([false, "tracking"]);
    const stale = await moveAccount(prisma(), accountId, { from: "stopped", to: "archived", by: "person" });
    expect([stale.moved, stale.account.trackingState]).toEqual([false, "tracking"]);
  });

  it("the scheduler skips a stopped account and schedules it again once resumed", async () => {
    const ids = await insertTrackedAccounts(c.person.scopeId, c.person.userId, [
      { bankId: "sbx-be-01" },
      { bankId: "sbx-be-01" },
    ]);
    retired.push(...ids);
    const [kept, stopped] = ids;
    expect((await moveAccount(prisma(), stopped, { from: "tracking", to: "stopped", by: "person" })).moved).toBe(true);
    await scheduleDueSyncs(new Date(), 50);
    const runs = async () =>
      (await prisma().syncRun.findMany({ where: { accountId: { in: ids } } })).map((r) => r.accountId);
    expect(await runs()).toEqual([kept]);
    expect((await moveAccount(prisma(), stopped, { from: "stopped", to: "tracking", by: "person" })).moved).toBe(true);
    await scheduleDueSyncs(new Date(), 50);
    expect((await runs()).sort()).toEqual([kept, stopped].sort());
  });
});

describe("hide and show, and the list's filters", () => {
  it("hidden is a view choice: audited, listed by default, filtered on request", async () => {
    const hidden = await patch({ hidden: true });
    expect(hidden.json.data).toMatchObject({ hidden: true, trackingState: "tracking" });
    const [event] = (await audit(accountId)).filter((e) => e.action === "account.hidden_changed");
    expect([event.before, event.after]).toEqual([{ hidden: false }, { hidden: true }]);
    expect((await list()).json.data.map((a) => a.id)).toContain(accountId);
    expect((await list("filter[hidden]=false")).json.data.map((a) => a.id)).not.toContain(accountId);
    expect((await list("filter[hidden]=true")).json.data.map((a) => a.id)).toEqual([accountId]);
    expect((await patch({ hidden: false })).json.data.hidden).toBe(false);
  });

  it("filter[trackingState] lists the accounts in those states", async () => {
    await patch({ trackingState: "stopped" });
    expect((await list("filter[trackingState]=stopped,archived")).json.data.map((a) => a.id)).toEqual([accountId]);
    expect((await list("filter[trackingState]=tracking")).json.data.map((a) => a.id)).not.toContain(accountId);
    await patch({ trackingState: "tracking" });
  });

  it("bad input is 422 in the envelope, each field named", async () => {
    const bad = await patch({ trackingState: "deleted", hidden: "yes" });
    expect(bad.status).toBe(422);
    expect(bad.json.error?.code).toBe("validation_failed");
    expect(Object.keys(bad.json.error?.details ?? {}).sort()).toEqual(["hidden", "trackingState"]);
    expect((await patch({})).status).toBe(422);
    expect((await patch({ archived: true })).status).toBe(422);
    const filter = await list("filter[trackingState]=gone");
    expect(filter.status).toBe(422);
  });
});
