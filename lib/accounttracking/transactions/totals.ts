// Totals of a filtered set of transactions (one account's, or every account's of a scope), per
// currency (never added across currencies), summed in SQL numeric. Own-account transfers are
// counted apart and left out of money in, money out and net, as they are neither. Filters on dates,
// status and direction only (the common case: a period) read the maintained day figures
// (account_day_figures, a few rows a day); words, amount bounds and a category need the rows themselves.
import type pg from "pg";
import { readPoolAfterWrites } from "@/lib/accounttracking/accounts/read-after-writes";
import { allConditions, filterConditions, type TransactionsFilter } from "@/lib/accounttracking/transactions/filter";
import { OWN_OF_ACCOUNT, TRANSACTIONS_FROM } from "@/lib/accounttracking/transactions/transactions";
import { isTransferSql } from "@/lib/accounttracking/transactions/transfers";

export type TotalsRow = {
  currency: string;
  count: number;
  inflow: string;
  outflow: string;
  net: string;
  transfer_count: number;
  transfer_net: string;
};

/** The totals over rows `f(currency, amount, transfer)`. */
export const TOTALS_OVER_ROWS = `SELECT currency, count(*)::int AS count,
            coalesce(sum(amount) FILTER (WHERE amount > 0 AND NOT transfer), 0)::text AS inflow,
            coalesce(-sum(amount) FILTER (WHERE amount < 0 AND NOT transfer), 0)::text AS outflow,
            coalesce(sum(amount) FILTER (WHERE NOT transfer), 0)::text AS net,
            count(*) FILTER (WHERE transfer)::int AS transfer_count,
            coalesce(sum(amount) FILTER (WHERE transfer), 0)::text AS transfer_net
       FROM f GROUP BY currency ORDER BY currency`;

/** Whether the day figures can answer this filter: no words, no amount bounds, no category (not in the figures). */
export const answeredByDays = (filter: TransactionsFilter) =>
  !filter.q?.trim() && !filter.minAmount && !filter.maxAmount && !filter.category;

/** The totals from the day figures `f` under `where` plus the filter's dates, status and direction. */
export function dayFiguresTotalsSql(where: string[], filter: TransactionsFilter, values: unknown[]): string {
  const all = [...where];
  if (filter.fromDate) all.push(`f.day >= $${values.push(filter.fromDate)}`);
  if (filter.toDate) all.push(`f.day <= $${values.push(filter.toDate)}`);
  if (filter.status) all.push(`f.status = $${values.push(filter.status)}::"TransactionStatus"`);
  if (filter.direction) all.push(filter.direction === "in" ? "f.sign > 0" : "f.sign < 0");
  return `SELECT f.currency, sum(f.count)::int AS count,
            coalesce(sum(f.total) FILTER (WHERE f.sign > 0 AND NOT f.transfer), 0)::text AS inflow,
            coalesce(-sum(f.total) FILTER (WHERE f.sign < 0 AND NOT f.transfer), 0)::text AS outflow,
            coalesce(sum(f.total) FILTER (WHERE NOT f.transfer), 0)::text AS net,
            coalesce(sum(f.count) FILTER (WHERE f.transfer), 0)::int AS transfer_count,
            coalesce(sum(f.total) FILTER (WHERE f.transfer), 0)::text AS transfer_net
       FROM account_day_figures f WHERE ${all.join(" AND ")} GROUP BY f.currency ORDER BY f.currency`;
}

/** The answer's shape, from totals rows per currency. */
export function totalsAnswer(rows: TotalsRow[]) {
  return {
    count: rows.reduce((n, r) => n + r.count, 0),
    currencies: rows.map((r) => ({
      currency: r.currency,
      count: r.count,
      inflow: r.inflow,
      outflow: r.outflow,
      net: r.net,
      transfers: { count: r.transfer_count, net: r.transfer_net },
    })),
  };
}

export async function transactionTotals(accountId: string, filter: TransactionsFilter) {
  const db = await readPoolAfterWrites(accountId);
  const values: unknown[] = [accountId];
  if (answeredByDays(filter)) {
    const where = ["f.account_id = $1::uuid"];
    if (filter.scopeId) where.push(`f.scope_id = $${values.push(filter.scopeId)}::uuid`);
    return totalsAnswer((await db.query<TotalsRow>(dayFiguresTotalsSql(where, filter, values), values)).rows);
  }
  return totalsAnswer(await fromRows(db, filter, values));
}

async function fromRows(db: pg.Pool, filter: TransactionsFilter, values: unknown[]) {
  const where = allConditions(filterConditions(filter, values));
  const { rows } = await db.query<TotalsRow>(
    `WITH ${OWN_OF_ACCOUNT},
     f AS (SELECT t.currency, t.amount, ${isTransferSql("t", "ta.owner_name")} AS transfer FROM ${TRANSACTIONS_FROM} WHERE ${where.join(" AND ")})
     ${TOTALS_OVER_ROWS}`,
    values,
  );
  return rows;
}
