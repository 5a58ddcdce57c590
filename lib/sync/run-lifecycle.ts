// The sync run lifecycle: the one table of allowed moves and the only statements that write a run's
// `state`. Each move is conditional on the state (and, for a worker's moves, on the worker still
// holding the run), so a worker that lost its run to a takeover, a sweeper and a late retry can
// never overwrite each other. A refused move is logged and changes nothing.
// Times are clock_timestamp(): the moment of the write, not the start of its transaction (a claim
// that waited on a lock must not appear to have started before the run it waited for had ended).
// lib/accounttracking/lifecycle-writers.test.ts fails if anything else writes the column.
import type pg from "pg";
import type { SyncState } from "@/lib/generated/prisma/client";
import { pool } from "@/lib/db/client";
import { log } from "@/lib/log";

type RunActor = "worker";
type Move = { from: SyncState; to: SyncState; by: RunActor; why: string };

/** A run is created `queued` (its insert writes no state); these are its moves from there. */
export const RUN_TRANSITIONS: readonly Move[] = [
  { from: "queued", to: "running", by: "worker", why: "claimed (its bank below its concurrency limit)" },
  { from: "running", to: "running", by: "worker", why: "taken over: its worker stopped heartbeating" },
  {
    from: "running",
    to: "queued",
    by: "worker",
    why: "the bank asked us to wait: retried after Retry-After or backoff",
  },
  { from: "running", to: "succeeded", by: "worker", why: "every page written and reconciled" },
  { from: "running", to: "failed", by: "worker", why: "the bank refused, the consent ended, or retries ran out" },
  {
    from: "queued",
    to: "failed",
    by: "worker",
    why: "never started: its bank stayed at our concurrency limit through every deferral (lib/sync/backoff.ts)",
  },
];

export type RunRow = {
  id: string;
  scope_id: string;
  account_id: string;
  attended: boolean;
  psu_ip_address: string | null;
  next_page: string | null;
  date_from: string | null;
  attempts: number;
};

type Queryable = Pick<pg.PoolClient, "query">;

// Queued and due, or running without a heartbeat for `staleSeconds` ($2).
export const CLAIMABLE = `((r.state = 'queued' AND (r.not_before IS NULL OR r.not_before <= now()))
  OR (r.state = 'running' AND r.heartbeat_at < now() - make_interval(secs => $2)))`;

/** queued → running, or a stale running → running under a new worker. Null when not claimable. */
export async function claimRun(
  client: Queryable,
  runId: string,
  workerId: string,
  staleSeconds: number,
): Promise<RunRow | null> {
  const { rows } = await client.query<RunRow>(
    `UPDATE sync_runs r SET state = 'running', worker_id = $3, heartbeat_at = clock_timestamp(),
            started_at = coalesce(started_at, clock_timestamp()), attempts = attempts + 1, not_before = NULL
      WHERE r.id = $1 AND ${CLAIMABLE}
      RETURNING id, scope_id, account_id, attended, psu_ip_address, next_page, date_from, attempts`,
    [runId, staleSeconds, workerId],
  );
  return rows[0] ?? null;
}

async function workerMove(
  runId: string,
  workerId: string,
  to: SyncState,
  sql: string,
  values: unknown[],
): Promise<boolean> {
  const { rowCount } = await pool().query(sql, [runId, workerId, ...values]);
  if (rowCount !== 1) log.info("sync run move refused: the worker no longer holds the run", { runId, workerId, to });
  return rowCount === 1;
}

/** running → succeeded | failed, by the worker that holds the run. */
export async function finishRun(runId: string, workerId: string, to: "succeeded" | "failed", lastError: string | null) {
  const moved = await workerMove(
    runId,
    workerId,
    to,
    `UPDATE sync_runs SET state = $3, last_error = $4, finished_at = clock_timestamp(), heartbeat_at = clock_timestamp()
      WHERE id = $1 AND worker_id = $2 AND state = 'running'`,
    [to, lastError],
  );
  // What an ended run saw (lib/sync/ingest.ts) is read by nothing after its reconcile.
  if (moved) await pool().query("DELETE FROM sync_run_pages WHERE run_id = $1", [runId]);
  return moved;
}

/** running → queued, to be claimed again no earlier than `waitSeconds` from now. */
export function requeueRun(runId: string, workerId: string, waitSeconds: number, message: string) {
  return workerMove(
    runId,
    workerId,
    "queued",
    `UPDATE sync_runs SET state = 'queued', worker_id = NULL, not_before = clock_timestamp() + make_interval(secs => $3),
            last_error = $4
      WHERE id = $1 AND worker_id = $2 AND state = 'running'`,
    [waitSeconds, message],
  );
}

/**
 * A queued run whose bank is busy waits `waitSeconds` more: its row is not claimable before then, so
 * a job the sweeper re-sends cannot run it early either. Conditional on the deferrals the caller saw,
 * so two workers holding jobs of the same run count one deferral, not two. Not a state move.
 */
export async function deferRun(runId: string, deferralsSeen: number, waitSeconds: number): Promise<boolean> {
  const { rowCount } = await pool().query(
    `UPDATE sync_runs SET deferrals = deferrals + 1, not_before = clock_timestamp() + make_interval(secs => $3)
      WHERE id = $1 AND state = 'queued' AND deferrals = $2`,
    [runId, deferralsSeen, waitSeconds],
  );
  if (rowCount !== 1) log.info("sync run deferral skipped: no longer queued, or deferred meanwhile", { runId });
  return rowCount === 1;
}

/** queued → failed, for a run that never started (its bank stayed busy); no worker holds it. */
export async function giveUpQueuedRun(runId: string, lastError: string): Promise<boolean> {
  const { rowCount } = await pool().query(
    `UPDATE sync_runs SET state = 'failed', last_error = $2, finished_at = clock_timestamp(), not_before = NULL
      WHERE id = $1 AND state = 'queued'`,
    [runId, lastError],
  );
  if (rowCount !== 1) log.info("sync run move refused: the run is no longer queued", { runId, to: "failed" });
  return rowCount === 1;
}

/** The worker is alive and still holds the run (false: it lost the run to a takeover). */
export async function heartbeatRun(runId: string, workerId: string): Promise<boolean> {
  const { rowCount } = await pool().query(
    "UPDATE sync_runs SET heartbeat_at = clock_timestamp() WHERE id = $1 AND worker_id = $2 AND state = 'running'",
    [runId, workerId],
  );
  return rowCount === 1;
}
