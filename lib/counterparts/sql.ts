// SQL shared by counterpart reads. A transaction's effective counterpart is the person's binding,
// else the derived one; consolidation is resolved at read time by following merged_into_id to the
// root, so undoing it is one UPDATE and never touches transactions.
import type { Tx } from "@/lib/db/client";
import { query } from "@/lib/db/sql";
import { isTransferSql, ownCte } from "@/lib/accounttracking/transactions/transfers";

/** `chain(id, root_id)`: every counterpart of scope `scope` (SQL) with the root it is consolidated into. */
export const chainCte = (scope: string) => `chain AS (
  SELECT id, id AS root_id FROM counterparts WHERE scope_id = ${scope} AND merged_into_id IS NULL
  UNION ALL
  SELECT c.id, chain.root_id FROM counterparts c JOIN chain ON c.merged_into_id = chain.id WHERE c.scope_id = ${scope}
)`;

/** `chain(id, root_id)` for scope $1. */
export const CHAIN_CTE = chainCte("$1::uuid");

/**
 * Own-account transfers are not dealings with a counterpart: totals leave them out. Needs `t` joined
 * to its account as `ta` and the scope's IBANs as `own` (OWN_JOIN, ownCte).
 */
export const NOT_TRANSFER = `NOT ${isTransferSql("t", "ta.owner_name")}`;
export const OWN_JOIN = "JOIN tracked_accounts ta ON ta.id = t.account_id CROSS JOIN own";
export { ownCte };

/**
 * A maintained sum as text. A figure that came back to zero keeps the scale of the amounts that left
 * it ("0.00"); the sum over no rows is "0", so zero reads "0" however the figure got there.
 */
export const MONEY_TEXT = (sql: string) => `CASE WHEN ${sql} = 0 THEN '0' ELSE (${sql})::text END`;

export type Totals = { count: number; sumIn: string; sumOut: string; lastDate: string | null };

export type TotalsRow = { count: number; sum_in: string; sum_out: string; last_date: string | null };

export function totalsOf(row: TotalsRow | undefined): Totals {
  return row
    ? { count: row.count, sumIn: row.sum_in, sumOut: row.sum_out, lastDate: row.last_date }
    : { count: 0, sumIn: "0", sumOut: "0", lastDate: null };
}

export type CurrencyTotals = Totals & { currency: string };

/**
 * Totals per root counterpart and currency over the scope's transactions (optionally one
 * account's), from the maintained figures: a root paid from a EUR and a USD account gets two
 * lines, never one sum.
 */
export async function totalsByRoot(
  db: Tx,
  scopeId: string,
  rootIds: string[],
  accountId?: string,
): Promise<Map<string, CurrencyTotals[]>> {
  if (rootIds.length === 0) return new Map();
  const rows = await query<TotalsRow & { root_id: string; currency: string }>(
    db,
    `WITH RECURSIVE ${CHAIN_CTE}
     SELECT chain.root_id, f.currency, ${FIGURE_TOTALS}
       FROM chain JOIN counterpart_figures f ON f.counterpart_id = chain.id AND f.scope_id = $1::uuid
      WHERE chain.root_id = ANY($2::uuid[]) AND ($3::uuid IS NULL OR f.account_id = $3::uuid)
      GROUP BY chain.root_id, f.currency
      ORDER BY f.currency`,
    scopeId,
    rootIds,
    accountId ?? null,
  );
  const byRoot = new Map<string, CurrencyTotals[]>();
  for (const r of rows)
    byRoot.set(r.root_id, [...(byRoot.get(r.root_id) ?? []), { currency: r.currency, ...totalsOf(r) }]);
  return byRoot;
}

/** A counterpart's totals summed over its counterpart_figures rows `f`. */
export const FIGURE_TOTALS = `sum(f.count)::int AS count, ${MONEY_TEXT("sum(f.sum_in)")} AS sum_in,
  ${MONEY_TEXT("sum(f.sum_out)")} AS sum_out, max(f.last_date) AS last_date`;

/**
 * How many of the scope's accounts deal with each root counterpart (its consolidated members
 * included): a rename of the root shows on every one of them.
 */
export async function accountCountsByRoot(db: Tx, scopeId: string, rootIds: string[]): Promise<Map<string, number>> {
  if (rootIds.length === 0) return new Map();
  const rows = await query<{ root_id: string; n: number }>(
    db,
    `WITH RECURSIVE ${CHAIN_CTE}
     SELECT chain.root_id, count(DISTINCT f.account_id)::int AS n
       FROM chain JOIN counterpart_figures f ON f.counterpart_id = chain.id AND f.scope_id = $1::uuid
      WHERE chain.root_id = ANY($2::uuid[]) GROUP BY chain.root_id`,
    scopeId,
    rootIds,
  );
  return new Map(rows.map((r) => [r.root_id, r.n]));
}
