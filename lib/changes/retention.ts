// The change feed's retention: tombstones (the removals of rows deleted outright) older than
// CHANGE_FEED_RETENTION_DAYS are purged by the hourly retention job (lib/sync/retention.ts), in bounded
// batches. Each batch records, per account and per scope, the newest change number it purged
// (change_feed_horizons), in the same statement: a cursor from before it may have missed a removal
// and is answered 410 cursor_expired (lib/changes/cursor.ts). Rows that still exist (added, modified,
// or removed and kept) carry their own latest change, so nothing else needs keeping.
import "server-only";
import { pool } from "@/lib/db/client";
import { env } from "@/lib/env";

const BATCH = 5_000;

const PURGE = `
WITH gone AS (
  DELETE FROM transaction_tombstones WHERE seq = ANY (ARRAY(
    SELECT seq FROM transaction_tombstones WHERE removed_at < $1::timestamptz - make_interval(days => $2::int)
     ORDER BY seq LIMIT ${BATCH}))
  RETURNING seq, account_id, scope_id
), horizons AS (
  INSERT INTO change_feed_horizons (subject_id, purged_seq)
  SELECT subject, max(seq) FROM (SELECT account_id AS subject, seq FROM gone UNION ALL SELECT scope_id, seq FROM gone) s
   GROUP BY subject ORDER BY subject
  ON CONFLICT (subject_id) DO UPDATE SET purged_seq = greatest(change_feed_horizons.purged_seq, EXCLUDED.purged_seq)
  RETURNING 1
)
SELECT (SELECT count(*) FROM gone)::int AS n`;

/** Deletes the tombstones past retention; returns how many went. */
export async function purgeChangeFeed(now: Date = new Date(), days: number = env.CHANGE_FEED_RETENTION_DAYS) {
  let purged = 0;
  for (;;) {
    const { rows } = await pool().query<{ n: number }>(PURGE, [now, days]);
    purged += rows[0].n;
    if (rows[0].n < BATCH) return purged;
  }
}
