// The change feed across a crash and under concurrent writes: a worker killed mid-sync leaves in the
// feed exactly the pages it committed, and the run taken over adds exactly the rest; a connector
// reading the scope's feed while two of its accounts sync at once ends equal to what is stored.
import { describe, expect, it } from "vitest";
import { consentAccounts } from "@/lib/accounttracking/consents/consents";
import { pool, prisma } from "@/lib/db/client";
import { executeRun } from "@/lib/sync/runner";
import { bankTotals, connectedConsent, trackedAccount } from "@/testing/support/bank-flow";
import { expectCopyEquals, expectExactly, follower, snapshot } from "@/testing/support/changes";
import { bearer } from "@/testing/support/http";
import { bankControl } from "@/testing/support/sandbox-bank-calls";
import { withSandboxBank } from "@/testing/support/sandbox-server";
import { killWorkerMidSync } from "@/testing/support/sync/worker-kill";

const bank = withSandboxBank();

describe("the change feed across a crash", () => {
  it("a worker killed mid-sync: the feed holds exactly what committed, then exactly the rest once the run is taken over", async () => {
    const c = await connectedConsent("bulk-5000");
    const { account, run } = await trackedAccount(c);
    const f = follower(bearer(c.person.token, c.person.scopeId), account.id);
    expect((await f.catchUp()).added).toEqual([]);
    await killWorkerMidSync(run.id, bank.server.origin);
    expect((await prisma().syncRun.findUniqueOrThrow({ where: { id: run.id } })).state).toBe("running");

    const partial = await snapshot({ accountId: account.id });
    expect(partial.size).toBeGreaterThan(0);
    expect(partial.size).toBeLessThan(5000);
    expectExactly(await f.catchUp(), new Map(), partial);

    await pool().query("UPDATE sync_runs SET heartbeat_at = heartbeat_at - interval '1 hour' WHERE id = $1", [run.id]);
    await executeRun(run.id, "rescuer", { pageSize: 1000 });
    expect((await prisma().syncRun.findUniqueOrThrow({ where: { id: run.id } })).state).toBe("succeeded");
    const done = await snapshot({ accountId: account.id });
    const rest = await f.catchUp();
    expectExactly(rest, partial, done);
    expect(rest.added.length).toBe(done.size - partial.size);
    expectCopyEquals(f, done);
    const totals = await bankTotals(account.externalId);
    expect(done.size).toBe(totals.booked.count + totals.pending.count);
  }, 120_000);

  it("a connector reading the scope's feed while two of its accounts sync at once ends equal to what is stored", async () => {
    const c = await connectedConsent("alice");
    const consent = await prisma().consent.findUniqueOrThrow({ where: { id: c.consentId } });
    const { accounts } = await consentAccounts(prisma(), consent);
    expect(accounts.length).toBeGreaterThanOrEqual(2);
    const one = await trackedAccount(c, { accountId: accounts[0].externalId });
    const two = await trackedAccount(c, { accountId: accounts[1].externalId });
    const f = follower(bearer(c.person.token, c.person.scopeId));
    // The bank holds the second account's report, so the reader certainly reads between the two runs'
    // writes: after the first account's run has written everything, before the second has written any.
    await bankControl("POST", `accounts/${encodeURIComponent(two.account.externalId)}/hold`);
    let released = false;
    try {
      const runs = Promise.all([
        executeRun(one.run.id, "w1", { pageSize: 50 }),
        executeRun(two.run.id, "w2", { pageSize: 50 }),
      ]);
      await expect
        .poll(async () => (await prisma().syncRun.findUniqueOrThrow({ where: { id: one.run.id } })).state, {
          timeout: 60_000,
          interval: 100,
        })
        .toBe("succeeded");
      const between = await f.catchUp(40);
      expect(between.added.length).toBe(await prisma().transaction.count({ where: { accountId: one.account.id } }));
      await bankControl("POST", `accounts/${encodeURIComponent(two.account.externalId)}/release`);
      released = true;
      await runs;
    } finally {
      if (!released) await bankControl("POST", `accounts/${encodeURIComponent(two.account.externalId)}/release`);
    }
    await f.catchUp();
    expectCopyEquals(f, await snapshot({ scopeId: c.person.scopeId }));
  }, 120_000);

  it("a sync page numbers its new rows only under the feed's writer lock: none while a scope reader holds it", async () => {
    const c = await connectedConsent("alice");
    const { account, run } = await trackedAccount(c);
    const reader = await pool().connect();
    let syncing: Promise<void> | null = null;
    let marker: bigint;
    try {
      await reader.query("BEGIN");
      await reader.query("SELECT change_feed_read_lock($1::uuid)", [c.person.scopeId]);
      syncing = executeRun(run.id, "w1");
      // The page's upsert waits for the feed's lock of this scope (the reader holds it exclusively)...
      await expect
        .poll(
          async () =>
            (
              await pool().query<{ n: number }>(
                `SELECT count(*)::int AS n FROM pg_locks
                  WHERE locktype = 'advisory' AND classid = 1280066374::oid AND NOT granted`,
              )
            ).rows[0].n,
          { timeout: 10_000, interval: 20 },
        )
        .toBe(1);
      // ...and a number taken now, while it waits, is below every number its rows get: it took none
      // before the lock (a reader that has seen the feed up to here misses nothing committed later).
      marker = BigInt(
        (await reader.query<{ n: string }>("SELECT nextval('transaction_change_seq')::text AS n")).rows[0].n,
      );
      await reader.query("COMMIT");
      await syncing;
    } finally {
      await reader.query("ROLLBACK").catch(() => undefined);
      reader.release();
      await syncing?.catch(() => undefined);
    }
    const done = await prisma().syncRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(done.state).toBe("succeeded");
    const { rows } = await pool().query<{ change_seq: string; created_seq: string }>(
      "SELECT change_seq::text, created_seq::text FROM transactions WHERE account_id = $1",
      [account.id],
    );
    expect(rows.length).toBeGreaterThan(0);
    // created_seq is the number the insert took; change_seq a later one when the page's counterpart
    // step then assigned the row.
    for (const row of rows) {
      expect(BigInt(row.created_seq)).toBeGreaterThan(marker);
      expect(BigInt(row.change_seq)).toBeGreaterThanOrEqual(BigInt(row.created_seq));
    }
    expect(new Set(rows.map((r) => r.change_seq)).size).toBe(rows.length);
  }, 60_000);

  it("a scope reader waits for a write in flight in another account: a later commit of a smaller change number is never skipped", async () => {
    const c = await connectedConsent("alice");
    const consent = await prisma().consent.findUniqueOrThrow({ where: { id: c.consentId } });
    const { accounts } = await consentAccounts(prisma(), consent);
    const one = await trackedAccount(c, { accountId: accounts[0].externalId });
    const two = await trackedAccount(c, { accountId: accounts[1].externalId });
    await executeRun(one.run.id, "w1");
    await executeRun(two.run.id, "w2");
    const f = follower(bearer(c.person.token, c.person.scopeId));
    await f.catchUp(1000);
    const pick = async (accountId: string) =>
      (await pool().query<{ id: string }>("SELECT id FROM transactions WHERE account_id = $1 LIMIT 1", [accountId]))
        .rows[0].id;
    const [a, b] = [await pick(one.account.id), await pick(two.account.id)];

    // Account one's write takes its change number first and commits last.
    const slow = await pool().connect();
    try {
      await slow.query("BEGIN");
      await slow.query("UPDATE transactions SET transfer_override = true WHERE id = $1", [a]);
      await pool().query("UPDATE transactions SET transfer_override = false WHERE id = $1", [b]);
      let settled = false;
      const reading = f.catchUp().finally(() => {
        settled = true;
      });
      // The reader waits for the write in flight (its lock), then the write commits. (A reader that
      // did not wait would answer at once, past the number the write in flight took.)
      const waiting = async () =>
        (
          await pool().query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
          )
        ).rows[0].n > 0;
      await expect.poll(async () => settled || (await waiting()), { timeout: 10_000, interval: 20 }).toBe(true);
      await slow.query("COMMIT");
      const read = await reading;
      expect(read.modified.map((t) => t.id).sort()).toEqual([a, b].sort());
    } finally {
      slow.release();
    }
    await f.catchUp();
    expectCopyEquals(f, await snapshot({ scopeId: c.person.scopeId }));
  }, 120_000);
});
