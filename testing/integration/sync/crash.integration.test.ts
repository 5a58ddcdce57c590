// RELIABILITY 17 and 19: a worker process killed mid-sync leaves a run another worker resumes from
// its saved cursor (the data then equals the bank's, no duplicates); the PSD2 budget holds when
// many workers reserve at once.
import { describe, expect, it } from "vitest";
import { pool, prisma } from "@/lib/db/client";
import { reserveUnattendedAccess } from "@/lib/sync/budget";
import { executeRun } from "@/lib/sync/runner";
import { bankTotals, connectedConsent, trackedAccount } from "@/testing/support/bank-flow";
import { withSandboxBank } from "@/testing/support/sandbox-server";
import { killWorkerMidSync } from "@/testing/support/sync/worker-kill";

const bank = withSandboxBank();

describe("crash recovery", () => {
  it("a worker killed with SIGKILL mid-sync: the run is resumed by another worker and ends equal to the bank", async () => {
    const c = await connectedConsent("bulk-20000");
    const { account, run } = await trackedAccount(c);
    await killWorkerMidSync(run.id, bank.server.origin);
    const orphaned = await prisma().syncRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(orphaned.state).toBe("running");
    expect(orphaned.nextPage).not.toBeNull();
    const rowsBefore = (
      await pool().query<{ n: number }>("SELECT count(*)::int AS n FROM transactions WHERE account_id = $1", [
        account.id,
      ])
    ).rows[0].n;
    expect(rowsBefore).toBeGreaterThan(0);
    expect(rowsBefore).toBeLessThan(20_000);

    // Not before the heartbeat is stale…
    await executeRun(run.id, "rescuer");
    expect((await prisma().syncRun.findUniqueOrThrow({ where: { id: run.id } })).workerId).not.toBe("rescuer");
    // …then, once the heartbeat is older than SYNC_STALE_SECONDS (the clock moved for this row rather
    // than slept through), taken over, resumed from the saved cursor, and finished.
    await pool().query("UPDATE sync_runs SET heartbeat_at = heartbeat_at - interval '1 hour' WHERE id = $1", [run.id]);
    await executeRun(run.id, "rescuer", { pageSize: 1000 });
    const done = await prisma().syncRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(done.state).toBe("succeeded");
    expect(done.attempts).toBe(2);
    const totals = await bankTotals(account.externalId);
    const mine = (
      await pool().query<{ n: number; dup: number; sum: string }>(
        "SELECT count(*)::int AS n, (count(*) - count(DISTINCT external_id))::int AS dup, sum(amount)::numeric(20,2)::text AS sum FROM transactions WHERE account_id = $1 AND removed_at IS NULL",
        [account.id],
      )
    ).rows[0];
    expect(mine).toEqual({
      n: totals.booked.count + totals.pending.count,
      dup: 0,
      sum: Number(totals.booked.sum).toFixed(2),
    });
    expect(totals.booked.count).toBe(20_000);
  }, 120_000);
});

describe("PSD2 budget under concurrency", () => {
  it("12 workers reserving at once for one consent and account: exactly 4 unattended accesses are granted", async () => {
    const c = await connectedConsent("alice");
    const { account, run } = await trackedAccount(c);
    const results = await Promise.all(
      Array.from({ length: 12 }, () => reserveUnattendedAccess(c.consentId, account.id, run.id)),
    );
    expect(results.filter((r) => r.reserved).length).toBe(4);
    const refused = results.find((r) => !r.reserved);
    expect(refused && "nextAllowedAt" in refused && refused.nextAllowedAt).toBeTruthy();
    expect(await prisma().bankAccess.count({ where: { consentId: c.consentId, accountId: account.id } })).toBe(4);
  });
});
