// Automatic updates: accounts whose next update is due get an unattended run, at most
// autoUpdatesPerDay (≤ 3) a day, so one of PSD2's 4 daily unattended accesses stays free for a retry.
//
// Due accounts are claimed in batches: one statement locks up to SYNC_SCHEDULE_BATCH due accounts
// (SKIP LOCKED, so schedulers in several processes never take the same one), moves their next update
// on, creates their runs and inserts their pg-boss jobs, all in one transaction — no transaction per
// account, and no run without its job. Fair across scopes: each scope's due accounts are numbered
// (its 1st, 2nd, …) and a batch takes every scope's 1st before any scope's 2nd; the job's priority
// carries that turn, so workers also start them round-robin and a scope with 900 due accounts delays
// a scope with 3 by at most 3 turns, not 900 runs. An account a person stopped or archived is never due.
import { pgTransaction, pool } from "@/lib/db/client";
import { env } from "@/lib/env";
import { MAX_SCHEDULED_PER_DAY } from "@/lib/sync/budget";
import { boss, enqueueRun, queueRuns, scheduledPriority, SYNC_QUEUE } from "@/lib/sync/queue";
import { syncsAccountSql } from "@/lib/accounttracking/accounts/lifecycle";
import { grantsAccessSql } from "@/lib/accounttracking/consents/lifecycle";
import { runSql } from "@/lib/sync/run-lifecycle";

/** The next update after `from`: the day split evenly into autoUpdatesPerDay slots. */
export function nextUpdateAt(from: Date, perDay: number): Date | null {
  if (perDay <= 0) return null;
  return new Date(from.getTime() + (24 * 3600 * 1000) / Math.min(perDay, MAX_SCHEDULED_PER_DAY));
}

/**
 * Where an automatic update puts the next one: on the account's own slots, the day cut into
 * autoUpdatesPerDay equal gaps and shifted by a phase read from the account's id (random, so a
 * fleet's slots spread evenly over the day), the first slot at least a gap after now less a little
 * slack (a quarter of an hour, an eighth of the gap at most), so a tick a minute late still lands on
 * the next slot and not the one after. An account's updates stay a gap apart, as PSD2's budget
 * wants; a fleet made due at once (after an outage, or tracked in one import) does not stay bunched:
 * each account's next update falls on its own slot, within two gaps.
 */
export const SLACK_SECONDS = 15 * 60;

// $1 now, $2 batch size. The window function cannot sit beside FOR UPDATE, hence `due` then `picked`;
// the lock re-checks next_scheduled_at, so an account another scheduler just moved on is left alone.
const SCHEDULE_BATCH = `
WITH due AS (
  SELECT a.id, a.scope_id, a.auto_updates_per_day, a.next_scheduled_at,
         row_number() OVER (PARTITION BY a.scope_id ORDER BY a.next_scheduled_at, a.id)::int AS turn
    FROM tracked_accounts a JOIN consents c ON c.id = a.consent_id
   WHERE a.auto_updates_per_day > 0 AND a.next_scheduled_at <= $1 AND ${grantsAccessSql("c")} AND ${syncsAccountSql("a")}
     AND NOT EXISTS (SELECT 1 FROM sync_runs r WHERE r.account_id = a.id AND ${runSql.active("r")})
), picked AS (
  SELECT a.id, d.scope_id, d.auto_updates_per_day, d.turn
    FROM due d JOIN tracked_accounts a ON a.id = d.id
   WHERE a.next_scheduled_at <= $1
   ORDER BY d.turn, d.next_scheduled_at, d.id LIMIT $2
     FOR UPDATE OF a SKIP LOCKED
), slot AS (
  SELECT p.id, s.gap, s.phase, ceil(extract(epoch FROM $1::timestamptz) + s.gap - least(${SLACK_SECONDS}, s.gap / 8))::bigint AS earliest
    FROM picked p,
         LATERAL (SELECT 86400 / least(p.auto_updates_per_day, ${MAX_SCHEDULED_PER_DAY}) AS gap) g,
         LATERAL (SELECT g.gap, ('x' || left(replace(p.id::text, '-', ''), 8))::bit(32)::bigint % g.gap AS phase) s
), moved AS (
  UPDATE tracked_accounts a
     SET next_scheduled_at = to_timestamp(s.earliest + ((s.phase - s.earliest) % s.gap + s.gap) % s.gap)
    FROM slot s WHERE a.id = s.id
), runs AS (
  INSERT INTO sync_runs (id, scope_id, account_id, trigger, attended)
  SELECT gen_random_uuid(), p.scope_id, p.id, 'scheduled', false FROM picked p
  ON CONFLICT DO NOTHING RETURNING id, account_id
)
SELECT r.id, p.turn FROM picked p LEFT JOIN runs r ON r.account_id = p.id ORDER BY p.turn, p.id`;

/** Schedules every due account, a batch (one transaction) at a time; returns how many runs were created. */
export async function scheduleDueSyncs(now = new Date(), batchSize = env.SYNC_SCHEDULE_BATCH): Promise<number> {
  let scheduled = 0;
  for (;;) {
    const created = await pgTransaction(async (client) => {
      // One row per account picked; id NULL when a run started another way meanwhile (ON CONFLICT).
      const { rows } = await client.query<{ id: string | null; turn: number }>(SCHEDULE_BATCH, [now, batchSize]);
      const runs = rows.flatMap((r) => (r.id ? [{ runId: r.id, priority: scheduledPriority(r.turn) }] : []));
      await queueRuns(client, runs);
      return { picked: rows.length, runs: runs.length };
    });
    scheduled += created.runs;
    if (created.picked < batchSize) return scheduled;
  }
}

// Stale runs and their jobs. A running run whose worker stopped heartbeating needs a new job (its
// old one is still `active`, held by the dead worker); a queued run needs one only when none is
// waiting or being worked on. Re-sending for every old queued run on every sweep (as before) grew
// the queue by the whole backlog each 15 s while workers were busy: under a backlog, queued runs are
// old because they wait their turn, not because their job was lost.
// A queued run's job that a worker took counts only while it is fresh: a worker claims its run within
// moments of taking the job, so a job active for the stale time whose run is still queued lost its
// worker or its database between the two (a failover: the claim failed and pg-boss could not record
// the job's failure, lib/sync/unrecorded-job-end.ts), and would otherwise hold the run until pg-boss
// expires it (JOB_OPTIONS, an hour). A second job is safe: the claim is conditional, so one job runs it.
const STALE = `
SELECT r.id FROM sync_runs r
 WHERE ((${runSql.stale("r", "$1")})
     OR (${runSql.queued("r")} AND coalesce(r.not_before, r.created_at) < now() - make_interval(secs => $1)))
   AND NOT EXISTS (
     SELECT 1 FROM pgboss.job j
      WHERE j.name = $2 AND j.data->>'runId' = r.id::text
        AND (j.state IN ('created', 'retry')
          OR (j.state = 'active' AND ${runSql.queued("r")} AND j.started_on > now() - make_interval(secs => $1))))
 ORDER BY r.created_at LIMIT $3`;

/** Runs of dead workers (no heartbeat) and queued runs whose job was lost are queued again, once. */
export async function sweepStaleRuns(staleSeconds: number, limit = 1000): Promise<number> {
  await boss(); // its schema (pgboss.job) exists once it has started
  const { rows } = await pool().query<{ id: string }>(STALE, [staleSeconds, SYNC_QUEUE, limit]);
  for (const row of rows) await enqueueRun(row.id);
  return rows.length;
}
