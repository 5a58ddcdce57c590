// The scope's money per month, per category and per currency (the Transactions page's "group by
// category" table and the dashboard's chart): money in and out as decimal strings summed in SQL
// numeric, never added across currencies. Own-account transfers are left out as the totals leave
// them out (the one rule, lib/accounttracking/transactions/transfers.ts): moving money between one's
// own accounts is neither spending nor income. Rows without a category are their own group (id
// null, "Uncategorised"). Beside the cells, the totals per currency of each month, of each category
// over the period, and of the whole period: summed by the database, so no caller adds money.
import "server-only";
import { readPool } from "@/lib/db/client";
import { isTransferSql, ownCte } from "@/lib/accounttracking/transactions/transfers";

export type CategoryTotalsQuery = { from: string; to: string; group: "month" };

type Row = {
  month: string | null;
  by_month: boolean;
  by_category: boolean;
  category_id: string | null;
  category_name: string | null;
  parent_id: string | null;
  currency: string;
  count: number;
  inflow: string;
  outflow: string;
  net: string;
};

const figures = (r: Row) => ({ count: r.count, inflow: r.inflow, outflow: r.outflow, net: r.net });

/** Months from `from` to `to` inclusive, as YYYY-MM: every column of the table, empty ones too. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, "0")}`;
    if (key > last) return months;
    months.push(key);
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
}

export async function categoryTotals(scopeId: string, q: CategoryTotalsQuery) {
  // GROUPING SETS: the cells (month × category × currency), then per currency the totals of each
  // month, of each category and of the period.
  const { rows } = await readPool().query<Row>(
    `WITH ${ownCte("$1::uuid")},
     f AS (SELECT left(t.sort_date, 7) AS month, t.category_id, t.currency, t.amount
             FROM transactions t JOIN tracked_accounts ta ON ta.id = t.account_id CROSS JOIN own
            WHERE t.scope_id = $1::uuid AND t.removed_at IS NULL AND t.sort_date >= $2 AND t.sort_date <= $3
              AND NOT ${isTransferSql("t", "ta.owner_name")})
     SELECT f.month, grouping(f.month) = 0 AS by_month, grouping(f.category_id) = 0 AS by_category, f.category_id,
            min(c.name) AS category_name, min(c.parent_id::text) AS parent_id, f.currency, count(*)::int AS count,
            coalesce(sum(f.amount) FILTER (WHERE f.amount > 0), 0)::text AS inflow,
            coalesce(-sum(f.amount) FILTER (WHERE f.amount < 0), 0)::text AS outflow,
            coalesce(sum(f.amount), 0)::text AS net
       FROM f LEFT JOIN categories c ON c.id = f.category_id AND c.scope_id = $1::uuid
      GROUP BY GROUPING SETS ((f.month, f.category_id, f.currency), (f.month, f.currency), (f.category_id, f.currency), (f.currency))
      ORDER BY f.month NULLS LAST, category_name NULLS LAST, f.currency`,
    [scopeId, q.from, q.to],
  );
  const categories = new Map<string | null, { id: string | null; name: string | null; parentId: string | null }>();
  const cells = rows.filter((r) => r.by_month && r.by_category);
  for (const r of cells)
    if (!categories.has(r.category_id))
      categories.set(r.category_id, { id: r.category_id, name: r.category_name, parentId: r.parent_id });
  return {
    from: q.from,
    to: q.to,
    group: q.group,
    months: monthsBetween(q.from, q.to),
    categories: [...categories.values()].sort(byName),
    cells: cells.map((r) => ({ month: r.month ?? "", categoryId: r.category_id, currency: r.currency, ...figures(r) })),
    monthTotals: rows
      .filter((r) => r.by_month && !r.by_category)
      .map((r) => ({ month: r.month ?? "", currency: r.currency, ...figures(r) })),
    categoryTotals: rows
      .filter((r) => !r.by_month && r.by_category)
      .map((r) => ({ categoryId: r.category_id, currency: r.currency, ...figures(r) })),
    totals: rows.filter((r) => !r.by_month && !r.by_category).map((r) => ({ currency: r.currency, ...figures(r) })),
  };
}

/** By name, "Uncategorised" (no id) last. */
function byName(a: { id: string | null; name: string | null }, b: { id: string | null; name: string | null }) {
  if (a.id === null || b.id === null) return a.id === null ? (b.id === null ? 0 : 1) : -1;
  return (a.name ?? "").localeCompare(b.name ?? "");
}
