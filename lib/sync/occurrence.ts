// Entries the bank sends without a transactionId get an id derived from their content
// (syntheticTransactionId), so two identical entries (two coffees of the same price on one day)
// share it. Each is kept as its own row by numbering the occurrences of that content in the bank's
// answer: the first keeps the derived id, the k-th (k ≥ 1) gets `<id>.<k>`.
//
// The rule, so the ids are the same on every sync:
// - Occurrences are counted in the bank's own order (booked, then pending, as the pages come) over the
//   whole answer of the run, not the page: entries already stored by this run (earlier pages, or
//   before a crash, as each page commits with the cursor) are counted first, so a page boundary that
//   splits identical entries does not restart the count.
// - The content includes the value date, so the count is per day. Windows are whole days
//   (dateFrom is a date), so a day the answer covers is covered in full.
// - An incremental answer omits booked entries before its dateFrom (the bank filters on booking
//   date); a group whose value date is before the window but some of whose entries were booked inside
//   it is numbered after the stored booked occurrences dated before dateFrom, as a full answer would.
// Counts are per id-less content, so status changes (pending → booked) keep the id.
import type { PoolClient } from "pg";
import type { BankTransaction } from "@/lib/banking/types";

// What the run has seen is its pages' bank ids (sync_run_pages, see lib/sync/ingest.ts): each id
// listed is one row of this run, so the occurrences a base already has in the run are counted there,
// grouped by base (linear, whatever the planner thinks of the arrays' sizes).
const OFFSETS = `
WITH seen AS (
  SELECT DISTINCT e.external_id FROM sync_run_pages p CROSS JOIN LATERAL unnest(p.external_ids) AS e(external_id)
   WHERE p.run_id = $2 AND e.external_id LIKE 'syn\\_%'
), counted AS (
  SELECT split_part(external_id, '.', 1) AS base, count(*)::int AS n FROM seen GROUP BY 1
)
SELECT b.base,
       (coalesce(max(c.n), 0)
        + count(t.id) FILTER (WHERE t.removed_at IS NULL AND t.status = 'booked' AND t.sort_date < r.date_from
                                AND t.external_id NOT IN (SELECT external_id FROM seen)))::int AS seen
  FROM unnest($3::text[]) AS b(base)
  LEFT JOIN sync_runs r ON r.id = $2
  LEFT JOIN counted c ON c.base = b.base
  LEFT JOIN transactions t ON t.account_id = $1 AND t.external_id LIKE 'syn\\_%' AND split_part(t.external_id, '.', 1) = b.base
 GROUP BY b.base`;

function occurrenceId(base: string, k: number): string {
  return k === 0 ? base : `${base}.${k}`;
}

/** The page with each id-less entry's id made unique by its occurrence (see the rule above). */
export async function numberOccurrences<T extends BankTransaction>(
  client: PoolClient,
  target: { accountId: string; runId: string | null },
  transactions: T[],
): Promise<T[]> {
  const bases = [...new Set(transactions.filter((t) => t.derivedId).map((t) => t.externalId))];
  if (bases.length === 0) return transactions;
  const { rows } = await client.query<{ base: string; seen: number }>(OFFSETS, [target.accountId, target.runId, bases]);
  const next = new Map(rows.map((r) => [r.base, r.seen]));
  return transactions.map((t) => {
    if (!t.derivedId) return t;
    const k = next.get(t.externalId) ?? 0;
    next.set(t.externalId, k + 1);
    return { ...t, externalId: occurrenceId(t.externalId, k) };
  });
}
