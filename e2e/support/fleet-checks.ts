// What the database says about a set of accounts synced by several processes at once: rounds of
// runs, the scheduler's clock, and the invariants (one run at a time per account, each run claimed
// once, every run ended, PSD2's 4 unattended accesses a day per consent and account).
import { expect } from "@playwright/test";
import type pg from "pg";

export type RunRecord = {
  id: string;
  account_id: string;
  trigger: "manual" | "scheduled";
  attended: boolean;
  state: string;
  attempts: number;
  last_error: string | null;
  started_at: Date | null;
  finished_at: Date | null;
  accesses: number;
};

export const PSD2_REFUSAL = /PSD2 allows 4 unattended accesses a day/;

/** The database's clock, just before now: runs created from here on belong to the next round. */
export async function roundStart(db: pg.Pool): Promise<Date> {
  const { rows } = await db.query<{ at: Date }>("SELECT now() - interval '1 millisecond' AS at");
  return rows[0].at;
}

/** Every run of the accounts created since `since`, with how many bank accesses each reserved. */
export async function runsSince(db: pg.Pool, accountIds: string[], since: Date): Promise<RunRecord[]> {
  const { rows } = await db.query<RunRecord>(
    `SELECT r.id, r.account_id, r.trigger, r.attended, r.state, r.attempts, r.last_error, r.started_at, r.finished_at,
            (SELECT count(*)::int FROM bank_accesses b WHERE b.run_id = r.id) AS accesses
       FROM sync_runs r WHERE r.account_id = ANY($1::uuid[]) AND r.created_at >= $2
      ORDER BY r.account_id, r.created_at`,
    [accountIds, since],
  );
  return rows;
}

/** Waits (polling the database) until none of the accounts has a queued or running run. */
export async function idle(db: pg.Pool, accountIds: string[], timeout = 60_000): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          await db.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM sync_runs WHERE account_id = ANY($1::uuid[]) AND state IN ('queued', 'running')",
            [accountIds],
          )
        ).rows[0].n,
      { timeout, intervals: [200, 500] },
    )
    .toBe(0);
}

/** Moves the accounts' next automatic update into the past: they are due at the scheduler's next tick. */
export async function makeDue(db: pg.Pool, accountIds: string[]): Promise<void> {
  const moved = await db.query(
    "UPDATE tracked_accounts SET next_scheduled_at = now() - interval '1 minute' WHERE id = ANY($1::uuid[])",
    [accountIds],
  );
  expect(moved.rowCount).toBe(accountIds.length);
}

/**
 * What pg-boss's cron does each minute, now: `ticks` jobs on the scheduler's queue, so the schedulers
 * of two processes (the in-app worker and `npm run worker`) run at the same moment.
 */
export async function tickScheduler(db: pg.Pool, ticks: number): Promise<void> {
  const sent = await db.query(
    "INSERT INTO pgboss.job (name, data) SELECT 'sync-scheduler', '{}'::jsonb FROM generate_series(1, $1::int)",
    [ticks],
  );
  expect(sent.rowCount).toBe(ticks);
}

/** Accounts with more than 4 unattended accesses under one consent in 24 hours. */
export async function budgetViolations(db: pg.Pool, accountIds: string[]): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM bank_accesses WHERE account_id = ANY($1::uuid[])
        AND at > now() - interval '24 hours' GROUP BY consent_id, account_id HAVING count(*) > 4) v`,
    [accountIds],
  );
  return rows[0].n;
}

/**
 * The invariants over every run of the accounts: each ended; each claimed exactly once (no second
 * worker took it); never two runs of one account running at once; a failure only as PSD2's refusal,
 * without calling the bank; each unattended success reserved exactly one access, attended ones none.
 */
export function expectOrderlyRuns(runs: RunRecord[]): void {
  let previous: RunRecord | null = null;
  for (const run of runs) {
    const label = `run ${run.id} (${run.trigger}, account ${run.account_id})`;
    expect(run.state, `${label}: ${run.last_error ?? ""}`).toMatch(/^(succeeded|failed)$/);
    expect(run.attempts, `${label} claimed once`).toBe(1);
    if (run.state === "failed") {
      expect(run.last_error ?? "", label).toMatch(PSD2_REFUSAL);
      expect(run.accesses, `${label} refused without calling the bank`).toBe(0);
    } else expect(run.accesses, `${label} bank accesses`).toBe(run.attended ? 0 : 1);
    if (previous?.account_id === run.account_id) {
      expect(
        run.started_at!.getTime(),
        `${label} started after the account's previous run ended`,
      ).toBeGreaterThanOrEqual(previous.finished_at!.getTime());
    }
    previous = run;
  }
}

/** Each account's runs of one round, by account id. */
export function byAccount(runs: RunRecord[]): Map<string, RunRecord[]> {
  const map = new Map<string, RunRecord[]>();
  for (const run of runs) map.set(run.account_id, [...(map.get(run.account_id) ?? []), run]);
  return map;
}
