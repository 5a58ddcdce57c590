// Every account's transactions in one list (the Transactions page): the scope's rows, newest first,
// keyset over (sort_date, id) on transactions_scope_id_sort_date_id_idx, with the same filters as
// one account's list (lib/accounttracking/transaction-filter.ts) and an optional account. Each row
// names its account. Totals per currency, never added across currencies.
import { readPool } from "@/lib/db/client";
import { decodeCursor, pageOf } from "@/lib/pagination";
import { scopeFilterConditions, type TransactionsFilter } from "@/lib/accounttracking/transaction-filter";
import {
  DISPLAY_NAME_JOIN,
  TRANSACTION_COLUMNS,
  serializeTransaction,
  type TransactionRow,
} from "@/lib/accounttracking/transactions";
import { isTransferSql, ownCte } from "@/lib/accounttracking/transfers";

export type ScopeFilter = Omit<TransactionsFilter, "scopeId"> & { accountId?: string };

type Row = TransactionRow & { account_id: string; account_name: string | null };

const FROM = `transactions t JOIN tracked_accounts ta ON ta.id = t.account_id CROSS JOIN own`;

/** What a cursor of this list is bound to: the scope and the filters of the page it came from. */
function listOf(scopeId: string, filter: ScopeFilter) {
  const { fromDate, toDate, status, q, minAmount, maxAmount, direction, accountId } = filter;
  return {
    name: `scope-transactions:${scopeId}`,
    filters: { fromDate, toDate, status, q, minAmount, maxAmount, direction, accountId },
  };
}

export async function listScopeTransactions(
  scopeId: string,
  filter: ScopeFilter & { perPage: number; cursor?: string },
) {
  const values: unknown[] = [scopeId];
  const where = scopeFilterConditions(filter, values);
  const after = decodeCursor(listOf(scopeId, filter), filter.cursor, 2);
  if (after)
    where.push(`(t.sort_date, t.id) < ($${values.push(String(after[0]))}, $${values.push(String(after[1]))}::uuid)`);
  values.push(filter.perPage + 1);
  const { rows } = await readPool().query<Row>(
    `WITH ${ownCte("$1::uuid")}
     SELECT ${TRANSACTION_COLUMNS}, coalesce(ta.nickname, ta.name, ta.product) AS account_name
       FROM ${FROM} ${DISPLAY_NAME_JOIN}
      WHERE ${where.join(" AND ")} ORDER BY t.sort_date DESC, t.id DESC LIMIT $${values.length}`,
    values,
  );
  const page = pageOf(listOf(scopeId, filter), rows, filter.perPage, (r) => [r.sort_date, r.id]);
  return {
    items: page.items.map((r) => ({
      ...serializeTransaction(r),
      accountId: r.account_id,
      accountName: r.account_name,
    })),
    meta: page.meta,
  };
}

type TotalsRow = {
  currency: string;
  count: number;
  inflow: string;
  outflow: string;
  net: string;
  transfer_count: number;
  transfer_net: string;
};

/** As one account's totals (transaction-totals.ts), over the scope's filtered set. */
export async function scopeTransactionTotals(scopeId: string, filter: ScopeFilter) {
  const values: unknown[] = [scopeId];
  const where = scopeFilterConditions(filter, values);
  const { rows } = await readPool().query<TotalsRow>(
    `WITH ${ownCte("$1::uuid")},
     f AS (SELECT t.currency, t.amount, ${isTransferSql("t", "ta.owner_name")} AS transfer FROM ${FROM} WHERE ${where.join(" AND ")})
     SELECT currency, count(*)::int AS count,
            coalesce(sum(amount) FILTER (WHERE amount > 0 AND NOT transfer), 0)::text AS inflow,
            coalesce(-sum(amount) FILTER (WHERE amount < 0 AND NOT transfer), 0)::text AS outflow,
            coalesce(sum(amount) FILTER (WHERE NOT transfer), 0)::text AS net,
            count(*) FILTER (WHERE transfer)::int AS transfer_count,
            coalesce(sum(amount) FILTER (WHERE transfer), 0)::text AS transfer_net
       FROM f GROUP BY currency ORDER BY currency`,
    values,
  );
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
