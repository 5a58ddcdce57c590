// The in-app notifications against the database and through the routes: a sync failing three times
// in a row is told once and resolved by the next success; access ending names the bank and the
// accounts (two connections at one bank told apart) and is resolved by a revoke; each member has
// their own read state; another scope sees nothing and reaches nothing.
import { beforeAll, describe, expect, it } from "vitest";
import * as listRoute from "@/app/api/accounttracking/v1/notifications/route";
import * as readRoute from "@/app/api/accounttracking/v1/notifications/[id]/read/route";
import * as readAllRoute from "@/app/api/accounttracking/v1/notifications/read-all/route";
import { moveConsent } from "@/lib/accounttracking/consents/lifecycle";
import { pool, prisma } from "@/lib/db/client";
import { finishRun, moveRun } from "@/lib/sync/run-lifecycle";
import { emitConsentsEnding } from "@/lib/webhooks/consent-ending";
import { addMember, makePerson } from "@/testing/support/fixtures";
import { bearer, call } from "@/testing/support/http";
import { storedAccount } from "@/testing/support/stored-account";

type Person = Awaited<ReturnType<typeof makePerson>>;
type Notification = {
  id: string;
  kind: string;
  title: string;
  body: string;
  href: string | null;
  resolvedAt: string | null;
  readAt: string | null;
  forEveryone: boolean;
};
type List = { data: Notification[]; meta: { unreadCount: number; page: { nextCursor: string | null } } };

const list = async (who: Person, query = "", scopeId = who.scopeId) =>
  call<List>(listRoute.GET, "GET", "x", { headers: bearer(who.token, scopeId), query });
const listed = async (who: Person, query = "", scopeId = who.scopeId) => {
  const res = await list(who, query, scopeId);
  expect(res.status).toBe(200);
  return res.json;
};
const markRead = (who: Person, id: string, scopeId = who.scopeId) =>
  call(readRoute.POST, "POST", "x", { headers: bearer(who.token, scopeId), params: { id } });

/** A run of the account that a worker claims and ends as `to`. */
async function endRun(person: Person, accountId: string, to: "succeeded" | "failed", error: string | null = null) {
  const { rows } = await pool().query<{ id: string }>(
    `INSERT INTO sync_runs (id, scope_id, account_id, trigger, attended)
     VALUES (gen_random_uuid(), $1, $2, 'manual', true) RETURNING id`,
    [person.scopeId, accountId],
  );
  expect(await moveRun(rows[0].id, { to: "running", by: "worker" }, { worker: "w1", stale: 60 })).not.toBeNull();
  expect(await finishRun(rows[0].id, "w1", to, error)).toBe(true);
}

const ofKind = (l: List, kind: string) => l.data.filter((n) => n.kind === kind);

let alice: Person;
let bob: Person;
let mallory: Person;
beforeAll(async () => {
  [alice, bob, mallory] = await Promise.all([makePerson("alice"), makePerson("bob"), makePerson("mallory")]);
  await addMember(alice.scopeId, bob.userId, "viewer");
});

describe("a sync failing again and again", () => {
  it("three failed runs tell once; a fourth refreshes the words; a success resolves it", async () => {
    const { accountId } = await storedAccount(alice, 0);
    await prisma().trackedAccount.update({
      where: { id: accountId },
      data: { name: "Operating", bankName: "Ardenne" },
    });
    await endRun(alice, accountId, "failed", "Bank down (1)");
    await endRun(alice, accountId, "failed", "Bank down (2)");
    expect(ofKind(await listed(alice), "sync.failing")).toEqual([]);
    await endRun(alice, accountId, "failed", "Bank down (3)");
    const told = ofKind(await listed(alice), "sync.failing");
    expect(told).toHaveLength(1);
    expect(told[0].title).toBe("Updates of Operating at Ardenne failed 3 times in a row");
    expect(told[0].body).toContain("Bank down (3)");
    expect(told[0].body).toContain("likely unavailable");
    expect(told[0].href).toBe(`/accounts/${accountId}`);
    expect(told[0].resolvedAt).toBeNull();

    // Read, then a fourth failure: still one notice, new words, not unread again.
    expect((await markRead(alice, told[0].id)).status).toBe(204);
    await endRun(alice, accountId, "failed", "Bank down (4)");
    const again = ofKind(await listed(alice), "sync.failing");
    expect(again.map((n) => [n.id, n.readAt !== null])).toEqual([[told[0].id, true]]);
    expect(again[0].body).toContain("Bank down (4)");

    await endRun(alice, accountId, "succeeded");
    const resolved = ofKind(await listed(alice), "sync.failing");
    expect(resolved).toHaveLength(1);
    expect(resolved[0].resolvedAt).not.toBeNull();

    // A new streak after the success is a new occurrence: unread again, for everyone.
    for (const n of [5, 6]) await endRun(alice, accountId, "failed", `Bank down (${n})`);
    expect(ofKind(await listed(alice), "sync.failing")[0].resolvedAt).not.toBeNull();
    await endRun(alice, accountId, "failed", "Bank down (7)");
    const back = ofKind(await listed(alice), "sync.failing");
    expect(back.map((n) => [n.id, n.resolvedAt, n.readAt])).toEqual([[told[0].id, null, null]]);
  });

  it("points at renewing the access when the consent no longer grants it", async () => {
    const { accountId, consentId } = await storedAccount(alice, 0);
    await prisma().consent.update({ where: { id: consentId }, data: { status: "expired" } });
    for (const n of [1, 2, 3]) await endRun(alice, accountId, "failed", `Consent expired (${n})`);
    const [told] = (await listed(alice)).data.filter((n) => n.href === `/consents/${consentId}`);
    expect(told.kind).toBe("sync.failing");
    expect(told.body).toMatch(/^The bank no longer grants access/);
  });
});

describe("access ending", () => {
  it("names the bank and the accounts, tells two connections at one bank apart, and a revoke resolves it", async () => {
    const soon = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const connections: string[] = [];
    for (const [name, iban] of [
      ["Payroll", "BE71 0961 2345 6769"],
      ["Reserve", "BE56 0012 3456 7788"],
    ]) {
      const { consentId, accountId } = await storedAccount(alice, 0);
      await prisma().consent.update({ where: { id: consentId }, data: { validUntil: soon, bankName: "Ardenne" } });
      await prisma().trackedAccount.update({ where: { id: accountId }, data: { name, iban, ownerName: "Acme SA" } });
      connections.push(consentId);
    }
    await emitConsentsEnding();
    const told = ofKind(await listed(alice), "consent.ending").filter((n) =>
      connections.some((id) => n.href === `/consents/${id}`),
    );
    expect(told.map((n) => n.title).sort()).toEqual([
      `Access to Ardenne ends in 5 days (${soon}): Payroll (…6769); held by Acme SA`,
      `Access to Ardenne ends in 5 days (${soon}): Reserve (…7788); held by Acme SA`,
    ]);
    expect(told.every((n) => n.body.startsWith("Renew the access to Ardenne"))).toBe(true);

    // Told once per consent and end date, however often the tick runs.
    await emitConsentsEnding();
    const rows = await pool().query("SELECT id FROM notifications WHERE scope_id = $1 AND kind = 'consent.ending'", [
      alice.scopeId,
    ]);
    expect(rows.rowCount).toBe(2);

    await moveConsent(prisma(), connections[0], { from: "valid", to: "revoked", by: "person" });
    const after = ofKind(await listed(alice), "consent.ending");
    const revoked = after.find((n) => n.href === `/consents/${connections[0]}`);
    const kept = after.find((n) => n.href === `/consents/${connections[1]}`);
    expect([revoked?.resolvedAt !== null, kept?.resolvedAt]).toEqual([true, null]);
  });
});

describe("who sees what", () => {
  it("read state is each member's own; read-all marks only the caller's", async () => {
    const before = await listed(bob, "", alice.scopeId);
    expect(before.meta.unreadCount).toBeGreaterThan(0);
    const bobUnread = before.meta.unreadCount;
    const aliceBefore = (await listed(alice)).meta.unreadCount;
    const first = before.data.find((n) => n.readAt === null);
    expect(first).toBeDefined();
    expect((await markRead(bob, first?.id ?? "", alice.scopeId)).status).toBe(204);
    expect((await listed(bob, "", alice.scopeId)).meta.unreadCount).toBe(bobUnread - 1);
    expect((await listed(alice)).meta.unreadCount).toBe(aliceBefore);

    const readAll = await call<{ data: { marked: number } }>(readAllRoute.POST, "POST", "x", {
      headers: bearer(bob.token, alice.scopeId),
    });
    expect(readAll.json.data.marked).toBe(bobUnread - 1);
    expect((await listed(bob, "", alice.scopeId)).meta.unreadCount).toBe(0);
    expect((await listed(alice)).meta.unreadCount).toBe(aliceBefore);
    expect((await listed(bob, "filter[read]=false", alice.scopeId)).data).toEqual([]);
    expect((await listed(alice, "filter[read]=false")).data).toHaveLength(aliceBefore);
  });

  it("a notice for one member is theirs alone; the list pages newest first", async () => {
    await pool().query(
      `INSERT INTO notifications (id, scope_id, user_id, kind, title, body, dedupe_key)
       VALUES (gen_random_uuid(), $1, $2, 'rule.failed', 'Only for Alice', 'x', 'only-alice')`,
      [alice.scopeId, alice.userId],
    );
    const mine = await listed(alice);
    expect(mine.data[0]).toMatchObject({ title: "Only for Alice", forEveryone: false });
    expect((await listed(bob, "", alice.scopeId)).data.map((n) => n.title)).not.toContain("Only for Alice");
    expect((await markRead(bob, mine.data[0].id, alice.scopeId)).status).toBe(404);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: List = await listed(alice, `perPage=1${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...page.data.map((n) => n.id));
      cursor = page.meta.page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(mine.data.map((n) => n.id));
  });

  it("another scope sees none of them and reaches none of them", async () => {
    expect((await listed(mallory)).data).toEqual([]);
    const aliceFirst = (await listed(alice)).data[0];
    expect((await markRead(mallory, aliceFirst.id)).status).toBe(404);
    expect((await list(mallory, "", alice.scopeId)).status).toBe(404);
    expect((await markRead(mallory, aliceFirst.id, alice.scopeId)).status).toBe(404);
    expect(
      (await call(readAllRoute.POST, "POST", "x", { headers: bearer(mallory.token, mallory.scopeId) })).json,
    ).toMatchObject({ data: { marked: 0 } });
    expect((await listed(alice)).data.find((n) => n.id === aliceFirst.id)?.readAt).toBeNull();
  });

  it("422 for a bad filter or cursor, 404 for a malformed id", async () => {
    const bad = await list(alice, "filter[read]=maybe");
    expect(bad.status).toBe(422);
    expect((await list(alice, "cursor=abc.def")).status).toBe(422);
    expect((await markRead(alice, "not-a-uuid")).status).toBe(404);
  });
});
