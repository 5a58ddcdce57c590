// Claiming a run for one worker, under the per-bank concurrency limit. A bank's rate limit applies
// to us as a TPP, whatever the account, so at most SYNC_BANK_CONCURRENCY runs of one bank (by
// integration and bank id) are running at once across all processes; counted under an advisory lock
// per bank, so two workers cannot both take the last slot. A run whose bank is busy stays queued and
// its job comes back later (the caller defers it, lib/sync/backoff.ts).
import { pgTransaction } from "@/lib/db/client";
import { env } from "@/lib/env";
import { claimRun, runSql, type RunRow } from "@/lib/sync/run-lifecycle";

export type { RunRow };

/** The run's bank is at the limit: the run stays queued; `deferrals` is how often that happened before. */
export type BankBusy = { bankBusy: true; trigger: RunRow["trigger"]; deferrals: number };

export async function claim(
  runId: string,
  workerId: string,
  bankLimit: number = env.SYNC_BANK_CONCURRENCY,
): Promise<RunRow | BankBusy | null> {
  return pgTransaction(async (client) => {
    const { rows: targets } = await client.query<Omit<BankBusy, "bankBusy"> & { bank: string }>(
      `SELECT a.integration_name || ':' || a.bank_id AS bank, r.trigger::text AS trigger, r.deferrals
         FROM sync_runs r JOIN tracked_accounts a ON a.id = r.account_id
        WHERE r.id = $1 AND ${runSql.claimable("r", "$2")}`,
      [runId, env.SYNC_STALE_SECONDS],
    );
    if (!targets[0]) return null;
    const bank = targets[0].bank;
    await client.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [`sync-bank:${bank}`]);
    const { rows: busy } = await client.query<{ running: number }>(
      `SELECT count(*)::int AS running FROM sync_runs r JOIN tracked_accounts a ON a.id = r.account_id
        WHERE ${runSql.alive("r", "$2")} AND r.id <> $3
          AND a.integration_name || ':' || a.bank_id = $1`,
      [bank, env.SYNC_STALE_SECONDS, runId],
    );
    if ((busy[0]?.running ?? 0) >= bankLimit)
      return { bankBusy: true as const, trigger: targets[0].trigger, deferrals: targets[0].deferrals };
    return claimRun(client, runId, workerId, env.SYNC_STALE_SECONDS);
  });
}
