// The change feed against the sandbox bank: a connector that only follows the feed ends equal to
// what we store (itself equal to the bank) after pending → booked, re-issued ids, a cancelled hold,
// a re-sync of unchanged history, a person's edits and the undo of a pairing; each catch-up holds
// exactly the difference between the stored states before and after. Forged cursors are refused
// (422); a cursor older than the purged removals is answered 410 cursor_expired.
import { describe, expect, it } from "vitest";
import { setTransferOverride } from "@/lib/accounttracking/transactions/transfers";
import { purgeChangeFeed } from "@/lib/changes/retention";
import { bindTransaction } from "@/lib/counterparts/transactions";
import { pgTransaction, pool } from "@/lib/db/client";
import { undoReissue } from "@/lib/sync/reissue-undo";
import { TEST_ACTOR } from "@/testing/support/audit";
import { bankAnswer, expectEqualToBankAnswer } from "@/testing/support/bank-answer";
import { advanceBankClock, connectedConsent, resetBankClock, syncedAccount } from "@/testing/support/bank-flow";
import { expectCopyEquals, expectExactly, follower, readChanges, snapshot } from "@/testing/support/changes";
import { makeAppToken } from "@/testing/support/fixtures";
import { bearer } from "@/testing/support/http";
import { withSandboxBank } from "@/testing/support/sandbox-server";
import { syncOnce } from "@/testing/support/sync-runs";

withSandboxBank();

async function equalToBank(c: Awaited<ReturnType<typeof connectedConsent>>, accountId: string, externalId: string) {
  await expectEqualToBankAnswer(accountId, await bankAnswer(c.bankId, c.bankConsentId, externalId));
}

type Follower = ReturnType<typeof follower>;

/** The sandbox user's first account, synced, and a follower of its feed with the person's own token. */
async function followedAccount(user: string) {
  const c = await connectedConsent(user);
  const { account } = await syncedAccount(c);
  const headers = bearer(c.person.token, c.person.scopeId);
  return { c, account, headers, f: follower(headers, account.id) };
}

/**
 * The bank's clock `days` on and one sync: the store equals the bank, and the follower's catch-up
 * holds exactly the difference from `before` (the clock is the caller's to reset).
 */
async function syncedAfter(
  days: number,
  c: Awaited<ReturnType<typeof connectedConsent>>,
  account: { id: string; externalId: string },
  f: Follower,
  before: Awaited<ReturnType<typeof snapshot>>,
) {
  await advanceBankClock(days);
  expect((await syncOnce(account.id, c.person.scopeId)).state).toBe("succeeded");
  await equalToBank(c, account.id, account.externalId);
  const after = await snapshot({ accountId: account.id });
  const read = await f.catchUp();
  expectExactly(read, before, after);
  return { read, after };
}

describe("the change feed", () => {
  it("pending → booked: from the start every row is added; an unchanged re-sync adds nothing; then exactly the bank's changes", async () => {
    const c = await connectedConsent("pending");
    const { account } = await syncedAccount(c);
    // An App token (a machine caller) follows the account.
    const app = await makeAppToken(c.person.scopeId, "member");
    const f = follower(bearer(app.token, c.person.scopeId), account.id);
    const first = await f.catchUp(40);
    const synced = await snapshot({ accountId: account.id });
    expect(first.pages).toBeGreaterThan(1);
    expectExactly(first, new Map(), synced);
    expectCopyEquals(f, synced);

    // The whole window again, nothing changed at the bank: no change numbers were spent.
    expect((await syncOnce(account.id, c.person.scopeId)).state).toBe("succeeded");
    const unchanged = await f.catchUp();
    expect([unchanged.added, unchanged.modified, unchanged.removed]).toEqual([[], [], []]);

    try {
      const { read, after } = await syncedAfter(3, c, account, f, synced);
      // Some of the pending rows were booked: the same transaction (our id), modified.
      const booked = read.modified.filter((t) => t.status === "booked" && synced.get(t.id)?.status === "pending");
      expect(booked.length).toBeGreaterThan(0);
      expectCopyEquals(f, after);
    } finally {
      await resetBankClock();
    }
  }, 120_000);

  it("reissue: re-issued ids are modifications of our rows; a person's edits and the undo of a pairing are changes; old cursors expire with purged removals", async () => {
    const { c, account, headers, f } = await followedAccount("reissue");
    await f.catchUp();
    const before = await snapshot({ accountId: account.id });
    const cursorBefore = f.cursor;

    await advanceBankClock(1);
    try {
      const run = await syncOnce(account.id, c.person.scopeId);
      expect([run.state, run.reissued]).toEqual(["succeeded", before.size]);
      await equalToBank(c, account.id, account.externalId);
      const reissued = await snapshot({ accountId: account.id });
      const read = await f.catchUp();
      // The bank's new entries were merged into our rows within the run: never shown, never removed.
      // (What is added is the day's new activity at the bank.)
      expectExactly(read, before, reissued);
      expect([read.modified.length, read.removed.length]).toEqual([before.size, 0]);
      expectCopyEquals(f, reissued);
    } finally {
      await resetBankClock();
    }

    // A person's transfer mark and counterpart binding: one modified row each.
    const [one, two] = [...(await snapshot({ accountId: account.id })).keys()];
    let prior = await snapshot({ accountId: account.id });
    await setTransferOverride({ scopeId: c.person.scopeId, transactionId: one, value: true, actor: TEST_ACTOR });
    const cp = await pool().query<{ id: string }>("SELECT id FROM counterparts WHERE scope_id = $1 LIMIT 1", [
      c.person.scopeId,
    ]);
    await bindTransaction({
      scopeId: c.person.scopeId,
      transactionId: two,
      counterpartId: cp.rows[0].id,
      actor: TEST_ACTOR,
    });
    let now = await snapshot({ accountId: account.id });
    const edits = await f.catchUp();
    expectExactly(edits, prior, now);
    expect(edits.modified.map((t) => t.id).sort()).toEqual([one, two].sort());

    // Undo a pairing: our row is removed (the bank no longer lists its old id), the bank's entry added.
    prior = now;
    const pairing = await pool().query<{ id: string }>(
      "SELECT id FROM transaction_reissues WHERE account_id = $1 ORDER BY matched_at DESC, id LIMIT 1",
      [account.id],
    );
    expect((await pgTransaction((client) => undoReissue(client, pairing.rows[0].id, TEST_ACTOR))).undone).toBe(true);
    now = await snapshot({ accountId: account.id });
    const undo = await f.catchUp();
    expectExactly(undo, prior, now);
    expect([undo.added.length, undo.modified.length, undo.removed.length]).toEqual([1, 0, 1]);
    expectCopyEquals(f, now);

    // A cursor edited by hand, or one of another feed, is refused.
    // (A character inside the signature changed for another: the last one carries padding bits, and
    // writing "AA" over the end left a cursor that already ended so unchanged, about 1 run in 1,000.)
    const at = (cursorBefore ?? "").length - 5;
    const swapped = cursorBefore?.[at] === "A" ? "B" : "A";
    const forged = `${cursorBefore?.slice(0, at)}${swapped}${cursorBefore?.slice(at + 1)}`;
    expect((await readChanges(headers, account.id, forged)).status).toBe(422);
    const scopeCursor = (await readChanges(headers, undefined, null, 1)).json.meta.nextCursor;
    const foreign = await readChanges(headers, account.id, scopeCursor);
    expect([foreign.status, foreign.text]).toEqual([422, expect.stringContaining("cursor")]);

    // Removals kept for CHANGE_FEED_RETENTION_DAYS: once those after a cursor are purged, it expires.
    expect(await purgeChangeFeed(new Date(Date.now() + 400 * 86_400_000))).toBeGreaterThan(0);
    const expired = await readChanges(headers, account.id, cursorBefore);
    expect(expired.status).toBe(410);
    expect(expired.text).toContain('"code":"cursor_expired"');
    expect(expired.text).toContain("without a cursor");
    const current = await readChanges(headers, account.id, f.cursor);
    expect([current.status, current.json.data]).toEqual([200, { added: [], modified: [], removed: [] }]);
  }, 120_000);

  it("cancelled: a hold the bank cancelled is removed, the new payment added; the scope's feed holds the same", async () => {
    const { c, account, headers, f } = await followedAccount("cancelled");
    const scoped = follower(headers);
    await f.catchUp();
    await scoped.catchUp(700);
    const before = await snapshot({ accountId: account.id });
    expectCopyEquals(scoped, await snapshot({ scopeId: c.person.scopeId }));

    try {
      const { read, after } = await syncedAfter(3, c, account, f, before);
      expect(read.removed.length).toBeGreaterThan(0);
      expect(read.added.length).toBeGreaterThan(0);
      expectCopyEquals(f, after);
      const all = await scoped.catchUp(7);
      expectExactly(all, before, after);
      expect(all.removed.every((r) => r.accountId === account.id)).toBe(true);
      expectCopyEquals(scoped, await snapshot({ scopeId: c.person.scopeId }));
    } finally {
      await resetBankClock();
    }
  }, 120_000);
});
