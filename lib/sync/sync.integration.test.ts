// The sync engine against the sandbox bank over HTTP: after every fault scenario the synced data
// equals the bank's own totals (count and sum), with no duplicates.
import { describe, expect, it } from "vitest";
import { pool, prisma } from "@/lib/db/client";
import * as renewRoute from "@/app/api/accounttracking/v1/consents/[consent]/renew/route";
import {
  advanceBankClock,
  approveAtBank,
  bankTotals,
  connectedConsent,
  resetBankClock,
  trackedAccount,
  type BankTotals,
} from "@/lib/testing/bank-flow";
import { bearer } from "@/lib/testing/http";
import { makeAppToken, makePerson } from "@/lib/testing/fixtures";
import * as accountsRoute from "@/app/api/accounttracking/v1/accounts/route";
import * as accountRoute from "@/app/api/accounttracking/v1/accounts/[id]/route";
import * as txRoute from "@/app/api/accounttracking/v1/accounts/[id]/transactions/route";
import * as statsRoute from "@/app/api/accounttracking/v1/accounts/[id]/stats/route";
import * as statusRoute from "@/app/api/accounttracking/v1/accounts/[id]/sync-status/route";
import * as syncRoute from "@/app/api/accounttracking/v1/accounts/[id]/sync-transactions/route";
import { withSandboxBank } from "@/lib/testing/sandbox-server";
import { syncOnce } from "@/lib/testing/fake-bank-truth";
import { executeRun } from "@/lib/sync/runner";
import { createRun } from "@/lib/sync/service";
import * as expireRoute from "@/app/sandbox-bank/api/controls/consents/[consentId]/expire/route";
import { call } from "@/lib/testing/http";

const bank = withSandboxBank();

type Ours = { booked: number; pending: number; bookedSum: string; pendingSum: string; duplicates: number };

async function ours(accountId: string): Promise<Ours> {
  const { rows } = await pool().query<Ours>(
    `SELECT count(*) FILTER (WHERE status = 'booked')::int AS booked, count(*) FILTER (WHERE status = 'pending')::int AS pending,
            coalesce(sum(amount) FILTER (WHERE status = 'booked'), 0)::numeric(20,2)::text AS "bookedSum",
            coalesce(sum(amount) FILTER (WHERE status = 'pending'), 0)::numeric(20,2)::text AS "pendingSum",
            (count(*) - count(DISTINCT external_id))::int AS duplicates
       FROM transactions WHERE account_id = $1 AND removed_at IS NULL`,
    [accountId],
  );
  return rows[0];
}

const money = (s: string) => Number(s).toFixed(2);

function expectEqualToBank(mine: Ours, theirs: BankTotals) {
  expect(mine.duplicates).toBe(0);
  expect({
    booked: mine.booked,
    pending: mine.pending,
    bookedSum: money(mine.bookedSum),
    pendingSum: money(mine.pendingSum),
  }).toEqual({
    booked: theirs.booked.count,
    pending: theirs.pending.count,
    bookedSum: money(theirs.booked.sum),
    pendingSum: money(theirs.pending.sum),
  });
}

const run = syncOnce;

describe("sync against the sandbox bank", () => {
  it("alice: a full sync equals the bank; a re-sync of unchanged history adds and changes nothing", async () => {
    const c = await connectedConsent("alice");
    const { account, run: first } = await trackedAccount(c);
    await executeRun(first.id, "test-worker");
    const done = await prisma().syncRun.findUniqueOrThrow({ where: { id: first.id } });
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
    await executeRun(first.id, "test-worker");
    const done = await prisma().syncRun.findUniqueOrThrow({ where: { id: first.id } });
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
      await executeRun(created.id, "test-worker");
      const waiting = await prisma().syncRun.findUniqueOrThrow({ where: { id: created.id } });
      expect([waiting.state, waiting.attempts]).toEqual(["queued", attempt]);
      expect(waiting.lastError).toMatch(/^The bank limits how often we may read; next try at \d{2}:\d{2} UTC\.$/);
      expect(waiting.notBefore!.getTime()).toBeGreaterThan(Date.now());
      const status = await call<{ data: { run: { retryAt: string | null } } }>(statusRoute.GET, "GET", "x", {
        headers: bearer(c.person.token, c.person.scopeId),
        params: { id: account.id },
      });
      expect(status.json.data.run.retryAt).toBe(waiting.notBefore!.toISOString());
      // Not before the bank's Retry-After has passed…
      await executeRun(created.id, "test-worker");
      expect((await prisma().syncRun.findUniqueOrThrow({ where: { id: created.id } })).attempts).toBe(attempt);
      // …then the clock moves past it (for this row) instead of the test sleeping.
      await pool().query("UPDATE sync_runs SET not_before = now() - interval '1 second' WHERE id = $1", [created.id]);
    }
    await executeRun(created.id, "test-worker");
    const done = await prisma().syncRun.findUniqueOrThrow({ where: { id: created.id } });
    expect([done.state, done.attempts, done.lastError]).toEqual(["succeeded", 3, null]);
    expect(await prisma().bankAccess.count({ where: { runId: created.id } })).toBe(3);
    expectEqualToBank(await ours(account.id), await bankTotals(account.externalId));
  });

  it("flaky: intermittent 5xx are retried with backoff and the data still equals the bank", async () => {
    const c = await connectedConsent("flaky");
    const { account, run: first } = await trackedAccount(c);
    // Small pages, so the sync crosses pages the bank fails.
    await executeRun(first.id, "test-worker", { pageSize: 20 });
    const done = await prisma().syncRun.findUniqueOrThrow({ where: { id: first.id } });
    expect(done.state).toBe("succeeded");
    expect(bank.server.calls.some((x) => x.status >= 500 && x.path.includes(account.externalId))).toBe(true);
    expectEqualToBank(await ours(account.id), await bankTotals(account.externalId));
  });

  it("pending → booked on a later sync is the same transaction, updated, never a duplicate", async () => {
    const c = await connectedConsent("pending");
    const { account, run: first } = await trackedAccount(c);
    await executeRun(first.id, "test-worker");
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
    const { account, run: first } = await trackedAccount(c);
    await executeRun(first.id, "test-worker");
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

  it("a consent expired at the bank: the run fails with the reason, the consent shows expired, no further bank calls", async () => {
    const c = await connectedConsent("alice");
    const { account, run: first } = await trackedAccount(c);
    await executeRun(first.id, "test-worker");
    await call(expireRoute.POST, "POST", "x", { params: { consentId: c.bankConsentId } });
    const failed = await run(account.id, c.person.scopeId);
    expect(failed.state).toBe("failed");
    expect(failed.lastError).toMatch(
      /^Access expired at the bank on \d{1,2} [A-Z][a-z]{2} \d{4}; reconnect to continue\.$/,
    );
    expect((await prisma().consent.findUniqueOrThrow({ where: { id: c.consentId } })).status).toBe("expired");
    const callsBefore = bank.server.calls.length;
    const again = await run(account.id, c.person.scopeId, false);
    expect(again.state).toBe("failed");
    expect(again.lastError).toMatch(/Access to this bank is expired; reconnect to continue/);
    expect(again.attempts).toBe(1);
    expect(bank.server.calls.length).toBe(callsBefore);
  });

  it("a 5th unattended access within 24 h is not made; the person's own syncs are not counted", async () => {
    const c = await connectedConsent("alice");
    const { account, run: first } = await trackedAccount(c);
    await executeRun(first.id, "test-worker");
    const states: string[] = [];
    for (let i = 0; i < 5; i += 1) states.push((await run(account.id, c.person.scopeId, false)).state);
    expect(states).toEqual(["succeeded", "succeeded", "succeeded", "succeeded", "failed"]);
    const last = await prisma().syncRun.findFirstOrThrow({
      where: { accountId: account.id },
      orderBy: { createdAt: "desc" },
    });
    expect(last.lastError).toMatch(/4 unattended accesses a day/);
    const unattendedFirstPages = bank.server.calls.filter(
      (x) =>
        x.path.includes(`/accounts/${account.externalId}/transactions`) &&
        !x.path.includes("pageIndex=") &&
        x.psuIp === null,
    );
    expect(unattendedFirstPages.length).toBe(4);
    expect((await run(account.id, c.person.scopeId, true)).state).toBe("succeeded");
  });

  it("renewal: the tracked account moves to the renewed consent with its transactions, and keeps syncing", async () => {
    const c = await connectedConsent("alice");
    const { account, run: first } = await trackedAccount(c);
    await executeRun(first.id, "test-worker");
    const before = await ours(account.id);
    const headers = bearer(c.person.token, c.person.scopeId);
    const renewed = await call<{ data: { id: string } }>(renewRoute.POST, "POST", "x", {
      headers,
      params: { consent: c.consentId },
      body: {},
    });
    expect(renewed.status).toBe(201);
    await approveAtBank(headers, renewed.json.data.id, c.bankId, "alice");
    expect((await prisma().consent.findUniqueOrThrow({ where: { id: c.consentId } })).status).toBe("renewed");
    const moved = await prisma().trackedAccount.findUniqueOrThrow({ where: { id: account.id } });
    expect(moved.consentId).toBe(renewed.json.data.id);
    expect(await ours(account.id)).toEqual(before);
    const next = await run(account.id, c.person.scopeId);
    expect([next.state, next.added, next.updated]).toEqual(["succeeded", 0, 0]);
  });

  it("tenancy: another scope's account is 404 on every accounts route, with or without rows; App tokens read but cannot sync", async () => {
    const c = await connectedConsent("alice");
    const { account, run: first } = await trackedAccount(c);
    await executeRun(first.id, "test-worker");
    const stranger = await makePerson("stranger");
    const foreign = bearer(stranger.token, stranger.scopeId);
    for (const handler of [accountRoute.GET, txRoute.GET, statsRoute.GET, statusRoute.GET]) {
      const res = await call<{ error: { code: string } }>(handler, "GET", "x", {
        headers: foreign,
        params: { id: account.id },
      });
      expect(res.status).toBe(404);
      expect(res.text).not.toContain(account.externalId);
    }
    expect((await call(syncRoute.POST, "POST", "x", { headers: foreign, params: { id: account.id } })).status).toBe(
      404,
    );
    const filtered = await call(txRoute.GET, "GET", "x", {
      headers: foreign,
      params: { id: account.id },
      query: "filter[fromDate]=2999-01-01",
    });
    expect(filtered.status).toBe(404);

    const app = await makeAppToken(c.person.scopeId, "viewer");
    const own = bearer(app.token, c.person.scopeId);
    const page = await call<{ data: unknown[] }>(txRoute.GET, "GET", "x", {
      headers: own,
      params: { id: account.id },
      query: "perPage=5",
    });
    expect([page.status, page.json.data.length]).toEqual([200, 5]);
    const empty = await call<{ data: unknown[] }>(txRoute.GET, "GET", "x", {
      headers: own,
      params: { id: account.id },
      query: "filter[fromDate]=2999-01-01",
    });
    expect([empty.status, empty.json.data.length]).toEqual([200, 0]);
    const sync = await call<{ error: { code: string } }>(syncRoute.POST, "POST", "x", {
      headers: own,
      params: { id: account.id },
    });
    expect([sync.status, sync.json.error.code]).toEqual([403, "user_context_required"]);
    const track = await call<{ error: { code: string } }>(accountsRoute.POST, "POST", "x", {
      headers: own,
      body: { bankId: c.bankId, countryCode: "BE", accountType: "private" },
    });
    expect([track.status, track.json.error.code]).toEqual([403, "user_context_required"]);
  });
});
