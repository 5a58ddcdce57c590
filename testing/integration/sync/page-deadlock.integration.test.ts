// A page's transaction that PostgreSQL aborts as a deadlock victim (40P01) is run again in place
// (lib/db/retry.ts): the run a person waits for succeeds, every bank row is stored once, and its
// counters count the page once. The deadlock is a real one, between the page and a second session
// that locks the page's two tables in the opposite order (as the backup's consistent point once did).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { pool, prisma } from "@/lib/db/client";
import { log, redact } from "@/lib/log";
import { executeRun } from "@/lib/sync/runner";
import { bankTotals, connectedConsent, syncedAccount, trackedAccount } from "@/testing/support/bank-flow";
import { withSandboxBank } from "@/testing/support/sandbox-server";
import { expectEqualToBank, ours } from "@/testing/support/sync/bank-totals";

withSandboxBank();

// Several pages, so the run's page counter shows whether the aborted attempt was counted too.
const PAGE_SIZE = 100;

// Another backend of this database waiting for a lock on `transactions` while it holds one on
// `sync_run_pages`: a page that has recorded what it saw and now wants to write its rows.
const PAGE_WAITS_FOR_TRANSACTIONS = `
SELECT EXISTS (
  SELECT 1 FROM pg_locks w JOIN pg_stat_activity a ON a.pid = w.pid
   WHERE a.datname = current_database()
     AND w.locktype = 'relation' AND w.relation = 'transactions'::regclass AND NOT w.granted
     AND EXISTS (SELECT 1 FROM pg_locks h WHERE h.pid = w.pid AND h.locktype = 'relation'
                    AND h.relation = 'sync_run_pages'::regclass AND h.granted)) AS waiting`;

afterEach(() => {
  vi.restoreAllMocks();
});

// A backend looks for a deadlock once, deadlock_timeout after it began to wait. The page's backend
// must find the cycle when it looks, so the blocker has to close it within that time: 3 s (not the
// default 1 s) leaves room for a slow poll on a loaded machine. Set for the whole test cluster (the
// page's pooled connection may already be open), for this file only.
beforeAll(async () => {
  await pool().query("ALTER SYSTEM SET deadlock_timeout = '3s'");
  await pool().query("SELECT pg_reload_conf()");
});
afterAll(async () => {
  await pool().query("ALTER SYSTEM RESET deadlock_timeout");
  await pool().query("SELECT pg_reload_conf()");
});

describe("a page that meets a deadlock", () => {
  it("is retried in place: the run succeeds, equal to the bank, each page counted once", async () => {
    const c = await connectedConsent("alice");
    const { account, run } = await trackedAccount(c);
    const warn = vi.spyOn(log, "warn");

    const blocker = await pool().connect();
    try {
      await blocker.query("BEGIN");
      // The blocker waits long before it looks for a deadlock; the page's session looks after 3 s
      // (beforeAll), so PostgreSQL chooses the page as the victim.
      await blocker.query("SET LOCAL deadlock_timeout = '60s'");
      await blocker.query("LOCK TABLE transactions IN SHARE MODE");
      const syncing = executeRun(run.id, "test-worker", { pageSize: PAGE_SIZE });
      // Polled outside the blocker's transaction: within one, pg_stat_activity is a snapshot taken
      // at its first read, and would show the page's backend as it was then.
      await vi.waitFor(
        async () => {
          const { rows } = await pool().query<{ waiting: boolean }>(PAGE_WAITS_FOR_TRANSACTIONS);
          expect(rows[0].waiting).toBe(true);
        },
        { timeout: 20_000, interval: 10 },
      );
      // Closes the cycle: the page holds sync_run_pages and waits for transactions, which we hold.
      // Granted once the page is aborted (after its 3 s deadlock_timeout) and has rolled back.
      await blocker.query("LOCK TABLE sync_run_pages IN SHARE MODE");
      await blocker.query("COMMIT");
      await syncing;
    } finally {
      await blocker.query("ROLLBACK").catch(() => undefined);
      blocker.release();
    }

    const done = await prisma().syncRun.findUniqueOrThrow({ where: { id: run.id } });
    expect([done.state, done.lastError]).toEqual(["succeeded", null]);
    const mine = await ours(account.id);
    expectEqualToBank(mine, await bankTotals(account.externalId));
    // Every row was new and each page is counted once, as in a run that met no deadlock.
    expect(done.added).toBe(mine.booked + mine.pending);
    const normal = (await syncedAccount(await connectedConsent("alice"), {}, { pageSize: PAGE_SIZE })).run;
    expect([normal.state, normal.pages, normal.added]).toEqual(["succeeded", done.pages, done.added]);
    expect(done.pages).toBeGreaterThan(1);
    // The retry is visible in the log with its SQLSTATE, as the line is written (after redaction).
    const retries = warn.mock.calls.filter(([message]) => message.startsWith("transaction aborted by the database"));
    expect(retries.map(([, fields]) => redact(fields))).toEqual([
      expect.objectContaining({ transaction: "sync.page", runId: run.id, pgCode: "40P01", attempt: 1 }),
    ]);
  }, 60_000);
});
