// `npm run bench -- plans`: the query plans of the heavy per-account reads on the 1,000,000-row
// account (EXPLAIN ANALYZE, buffers): the sync window's two lookups, reconcile's rows new in a run
// and its missing rows in the window, and the account figures' cache check.
import type pg from "pg";
import { randomUUID } from "node:crypto";

const QUERIES: Record<string, string> = {
  "sync window: newest booked row": `SELECT sort_date FROM transactions WHERE account_id = $1 AND removed_at IS NULL AND status = 'booked'
     ORDER BY sort_date DESC LIMIT 1`,
  "sync window: oldest pending row": `SELECT sort_date FROM transactions WHERE account_id = $1 AND removed_at IS NULL AND status = 'pending'
     ORDER BY sort_date LIMIT 1`,
  "reconcile: rows new in this run": `SELECT id FROM transactions WHERE account_id = $1 AND first_seen_run_id = $2`,
  "reconcile: rows missing in the window": `SELECT id FROM transactions WHERE account_id = $1 AND removed_at IS NULL
     AND sort_date >= $3 AND external_id IN (
     SELECT external_id FROM transactions WHERE account_id = $1 AND removed_at IS NULL AND sort_date >= $3
     EXCEPT SELECT unnest(external_ids) FROM sync_run_pages WHERE run_id = $2)`,
  "account figures: cache check": `SELECT coalesce((SELECT version FROM stats_versions WHERE subject_id = $1), 0) AS av, c.payload
     FROM (SELECT 1) one LEFT JOIN account_stats_cache c ON c.account_id = $1`,
};

const PARAMS: Record<string, (accountId: string, runId: string, from: string) => unknown[]> = {
  "reconcile: rows new in this run": (a, r) => [a, r],
  "reconcile: rows missing in the window": (a, r, f) => [a, r, f],
};

export async function printPlans(db: pg.Pool, accountId: string): Promise<void> {
  await db.query("ANALYZE transactions");
  const { rows } = await db.query<{ d: string }>(
    "SELECT to_char(max(sort_date)::date - 14, 'YYYY-MM-DD') AS d FROM transactions WHERE account_id = $1",
    [accountId],
  );
  for (const [name, sql] of Object.entries(QUERIES)) {
    const params = PARAMS[name]?.(accountId, randomUUID(), rows[0].d) ?? [accountId];
    const plan = await db.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`, params);
    console.log(`\n  ${name}`);
    for (const line of plan.rows) console.log(`    ${line["QUERY PLAN"]}`);
  }
}
