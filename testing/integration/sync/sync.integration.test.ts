// The sync engine against the sandbox bank over HTTP: after every fault scenario the synced data
// equals the bank's own totals (count and sum), with no duplicates.
import { describe, expect, it } from "vitest";
import { pool, prisma } from "@/lib/db/client";
import {
  advanceBankClock,
  bankTotals,
  connectedConsent,
  resetBankClock,
  syncedAccount,
  trackedAccount,
} from "@/testing/support/bank-flow";
import { bearer, call } from "@/testing/support/http";
import * as statusRoute from "@/app/api/accounttracking/v1/accounts/[id]/sync-status/route";
import { withSandboxBank } from "@/testing/support/sandbox-server";
import { executeOnce, syncOnce as run } from "@/testing/support/sync-runs";
import { createRun } from "@/lib/sync/service";
import { REQUESTED_PRIORITY, SYNC_QUEUE } from "@/lib/sync/queue";
import { expectEqualToBank, ours } from "@/testing/support/sync/bank-totals";

const bank = withSandboxBank();

describe("sync against the sandbox bank", () => {
  it("alice: a full sync equals the bank; a re-sync of unchanged history adds and changes nothing", async () => {
    const c = await connectedConsent("alice");
    const { account, run: done } = await syncedAccount(c);
    expect(done.state).toBe("succeeded");
    expect(done.added).toBeGreaterThan(300);
    expectEqualToBank(await ours(account.id), await bankTotals(account.externalId));
    expect(
      (await prisma().trackedAccount.findUniqueOrThrow({ where: { id: account.id } })).balanceAmount,
    ).not.toBeNull();

    const again = await run(account.id, c.person.scopeId);
    expect([again.state, again.added, again.updated, again.removed, again.reissued]).toEqual(["succeeded", 0, 0, 0, 0]);
    expectEqualToBank(await ours(account.id), await bankTotals(account.externalId));
  });

  it("ratelimited: 429 with Retry-After is waited out (never earlier) and the sync completes", async () => {
    const c = await connectedConsent("ratelimited");
    const { account, run: first } = await trackedAccount(c);
    const started = Date.now();
    const done = await executeOnce(first.id);
    expect(done.state).toBe("succeeded");
    const limited = bank.server.calls.filter((x) => x.status === 429 && x.path.includes(account.externalId));
    expect(limited.length).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2 * 1000);
    expectEqualToBank(await ours(account.id), await bankTotals(account.externalId));
  });

  it("ratelimited, unattended: each 429 re-queues the run after Retry-After, says when the next try is, and draws on the budget", async () => {
    const c = await connectedConsent("ratelimited");
    const { account, run: first } = await trackedAccount(c);
    // The person's first run never reaches the bank here, so the scheduled run is the bank's first sync.
    await pool().query("UPDATE sync_runs SET state = 'failed', finished_at = now() WHERE id = $1", [first.id]);
    const { run: created } = await createRun(prisma(), {
      scopeId: c.person.scopeId,
      accountId: account.id,
      trigger: "scheduled",
      attended: false,
      psuIpAddress: null,
    });
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      const waiting = await executeOnce(created.id);
      expect([waiting.state, waiting.attempts]).toEqual(["queued", attempt]);
      expect(waiting.lastError).toMatch(/^The bank limits how often we may read; next try at \d{2}:\d{2} UTC\.$/);
      expect(waiting.notBefore!.getTime()).toBeGreaterThan(Date.now());
      const status = await call<{ data: { run: { retryAt: string | null } } }>(statusRoute.GET, "GET", "x", {
        headers: bearer(c.person.token, c.person.scopeId),
        params: { id: account.id },
      });
      expect(status.json.data.run.retryAt).toBe(waiting.notBefore!.toISOString());
      // Not before the bank's Retry-After has passed…
      expect((await executeOnce(created.id)).attempts).toBe(attempt);
      // …then the clock moves past it (for this row) instead of the test sleeping.
      await pool().query("UPDATE sync_runs SET not_before = now() - interval '1 second' WHERE id = $1", [created.id]);
    }
    const done = await executeOnce(created.id);
    expect([done.state, done.attempts, done.lastError]).toEqual(["succeeded", 3, null]);
    // One access per attempt, and one for the balance: none was known yet (the account's first sync).
    expect(await prisma().bankAccess.count({ where: { runId: created.id } })).toBe(4);
    expectEqualToBank(await ours(account.id), await bankTotals(account.externalId));
  });

  it("a run someone asked for, re-queued after a 429, keeps its place ahead of the scheduled runs", async () => {
    const c = await connectedConsent("ratelimited");
    const { account, run: first } = await trackedAccount(c);
    await pool().query("UPDATE sync_runs SET state = 'failed', finished_at = now() WHERE id = $1", [first.id]);
    const priorities: Record<string, number> = {};
    // Asked for by a machine caller (no person at the bank, so a 429 re-queues the run), then scheduled.
    for (const trigger of ["manual", "scheduled"] as const) {
      const { run } = await createRun(prisma(), {
        scopeId: c.person.scopeId,
        accountId: account.id,
        trigger,
        attended: false,
        psuIpAddress: null,
      });
      const waiting = await executeOnce(run.id);
      expect([waiting.state, waiting.attempts]).toEqual(["queued", 1]);
      const { rows } = await pool().query<{ priority: number }>(
        "SELECT priority FROM pgboss.job WHERE name = $1 AND data->>'runId' = $2 AND state = 'created'",
        [SYNC_QUEUE, run.id],
      );
      expect(rows).toHaveLength(1);
      priorities[trigger] = rows[0].priority;
      // One active run an account: this one ends before the next is created.
      await pool().query("UPDATE sync_runs SET state = 'failed', finished_at = now() WHERE id = $1", [run.id]);
    }
    expect(priorities).toEqual({ manual: REQUESTED_PRIORITY, scheduled: 0 });
  });

  it("flaky: intermittent 5xx are retried with backoff and the data still equals the bank", async () => {
    const c = await connectedConsent("flaky");
    // Small pages, so the sync crosses pages the bank fails.
    const { account, run: done } = await syncedAccount(c, {}, { pageSize: 20 });
    expect(done.state).toBe("succeeded");
    expect(bank.server.calls.some((x) => x.status >= 500 && x.path.includes(account.externalId))).toBe(true);
    expectEqualToBank(await ours(account.id), await bankTotals(account.externalId));
  });

  it("a run records the span of dates it has read, page by page: the oldest and newest of the rows it wrote", async () => {
    const c = await connectedConsent("alice");
    // Many small pages: the span is the union of each page's, not the last page's.
    const { account, run: done } = await syncedAccount(c, {}, { pageSize: 25 });
    expect(done.pages).toBeGreaterThan(5);
    const { rows } = await pool().query<{ first: string; last: string }>(
      "SELECT min(sort_date) AS first, max(sort_date) AS last FROM transactions WHERE account_id = $1",
      [account.id],
    );
    expect([done.seenFrom, done.seenTo]).toEqual([rows[0].first, rows[0].last]);
    expect(done.dateFrom! <= done.seenFrom!).toBe(true);
  });

  it("pending → booked on a later sync is the same transaction, updated, never a duplicate", async () => {
    const c = await connectedConsent("pending");
    const { account } = await syncedAccount(c);
    const before = await ours(account.id);
    expect(before.pending).toBeGreaterThan(0);
    const pendingIds = (
      await pool().query<{ external_id: string }>(
        "SELECT external_id FROM transactions WHERE account_id = $1 AND status = 'pending'",
        [account.id],
      )
    ).rows.map((r) => r.external_id);
    await advanceBankClock(5);
    try {
      const next = await run(account.id, c.person.scopeId);
      expect(next.state).toBe("succeeded");
      expect(next.updated).toBeGreaterThanOrEqual(pendingIds.length);
      const nowBooked = await pool().query(
        "SELECT 1 FROM transactions WHERE account_id = $1 AND external_id = ANY($2) AND status = 'booked'",
        [account.id, pendingIds],
      );
      expect(nowBooked.rowCount).toBe(pendingIds.length);
      expectEqualToBank(await ours(account.id), await bankTotals(account.externalId));
    } finally {
      await resetBankClock();
    }
  });

  it("reissue: new ids for the same content are matched and recorded, not duplicated", async () => {
    const c = await connectedConsent("reissue");
    const { account } = await syncedAccount(c);
    const ids = new Set(
      (
        await pool().query<{ id: string }>("SELECT id FROM transactions WHERE account_id = $1 AND removed_at IS NULL", [
          account.id,
        ])
      ).rows.map((r) => r.id),
    );
    await advanceBankClock(1);
    try {
      const next = await run(account.id, c.person.scopeId);
      expect(next.state).toBe("succeeded");
      expect(next.reissued).toBeGreaterThan(0);
      expect(await prisma().transactionReissue.count({ where: { accountId: account.id, runId: next.id } })).toBe(
        next.reissued,
      );
      expectEqualToBank(await ours(account.id), await bankTotals(account.externalId));
      // Re-issued rows kept our ids (so bindings made to them survive).
      const kept = await pool().query(
        "SELECT 1 FROM transactions t JOIN transaction_reissues r ON r.transaction_id = t.id WHERE r.run_id = $1",
        [next.id],
      );
      expect(kept.rowCount).toBe(next.reissued);
      expect(ids.size).toBeGreaterThan(0);
    } finally {
      await resetBankClock();
    }
  });
});
