// Each sync worker process keeps one row in `worker_heartbeats`, written when it starts and on every
// tick of its sweep timer (lib/sync/worker.ts) and removed when it stops cleanly. Readiness
// (lib/health/readiness.ts) needs one seen lately: runs are queued in PostgreSQL whether or not
// anyone takes them, so without this a queue nobody works looks the same as a quiet one.
import { pool } from "@/lib/db/client";

/** Rows of workers not seen for this long (killed, never stopped cleanly) are removed by the next beat. */
const FORGET_AFTER = "1 day";

export async function beat(workerId: string): Promise<void> {
  await pool().query(
    `WITH gone AS (DELETE FROM worker_heartbeats WHERE seen_at < now() - interval '${FORGET_AFTER}')
     INSERT INTO worker_heartbeats (worker_id, started_at, seen_at) VALUES ($1, clock_timestamp(), clock_timestamp())
     ON CONFLICT (worker_id) DO UPDATE SET seen_at = clock_timestamp()`,
    [workerId],
  );
}

/** A worker that stops cleanly says so at once, rather than letting readiness wait out its silence. */
export async function forget(workerId: string): Promise<void> {
  await pool().query("DELETE FROM worker_heartbeats WHERE worker_id = $1", [workerId]);
}
