// Every account's transactions in one list (the Transactions page): the scope's rows, newest first,
// keyset over (sort_date, id) on transactions_scope_id_sort_date_id_idx, with the same filters as
// one account's list (lib/accounttracking/transactions/filter.ts) and an optional account. Each row
// names its account. Totals per currency, never added across currencies.
import type pg from "pg";
import { readPool } from "@/lib/db/client";
import { decodeCursor, pageOf } from "@/lib/pagination";
import {
  allConditions,
  scopeFilterConditions,
  type TransactionsFilter,
} from "@/lib/accounttracking/transactions/filter";
import {
  SEARCH_MARKS,
  searchedPage,
  type AnsweredBy,
  type SearchPlan,
} from "@/lib/accounttracking/transactions/search";
import {
  DISPLAY_NAME_JOIN,
  TRANSACTION_COLUMNS,
  newestRowsShownSql,
  serializeTransaction,
  type TransactionRow,
} from "@/lib/accounttracking/transactions/transactions";
import {
  TOTALS_OVER_ROWS,
  answeredByDays,
  dayFiguresTotalsSql,
  totalsAnswer,
  type TotalsRow,
} from "@/lib/accounttracking/transactions/totals";
import { isTransferSql, ownCte } from "@/lib/accounttracking/transactions/transfers";

export type ScopeFilter = Omit<TransactionsFilter, "scopeId"> & { accountId?: string };

type Row = TransactionRow & { account_id: string; account_name: string | null; account_iban: string | null };

const FROM = `transactions t JOIN tracked_accounts ta ON ta.id = t.account_id CROSS JOIN own`;

/** What a cursor of this list is bound to: the scope and the filters of the page it came from. */
export function scopeTransactionsList(scopeId: string, filter: ScopeFilter) {
  const { fromDate, toDate, status, q, minAmount, maxAmount, direction, category, accountId } = filter;
  return {
    name: `scope-transactions:${scopeId}`,
    filters: { fromDate, toDate, status, q, minAmount, maxAmount, direction, category, accountId },
  };
}

/** A page's rows (perPage + 1 at most); with words, in the search's steps (transaction-search.ts). */
export async function scopeTransactionsPage(
  db: Pick<pg.Pool, "query">,
  scopeId: string,
  filter: ScopeFilter & { perPage: number; cursor?: string },
  plan?: SearchPlan,
): Promise<{ rows: Row[]; answeredBy: AnsweredBy | null }> {
  const after = decodeCursor(scopeTransactionsList(scopeId, filter), filter.cursor, 2);
  const key: RowKey | null = after ? [String(after[0]), String(after[1])] : null;
  return scopeRowsAfter(db, scopeId, filter, key, filter.perPage + 1, plan);
}

/** (sort date, id) of the last row read: the next rows come after it. */
export type RowKey = [string, string];

/**
 * Up to `limit` rows after `after`, newest first: the list's pages and the CSV's. A row names its
 * account (nickname first, as the page shows it) and the account's IBAN.
 */
export async function scopeRowsAfter(
  db: Pick<pg.Pool, "query">,
  scopeId: string,
  filter: ScopeFilter,
  after: RowKey | null,
  limit: number,
  plan?: SearchPlan,
): Promise<{ rows: Row[]; answeredBy: AnsweredBy | null }> {
  const values: unknown[] = [scopeId];
  const { where, search } = scopeFilterConditions(filter, values);
  if (after) where.push(`(t.sort_date, t.id) < ($${values.push(after[0])}, $${values.push(after[1])}::uuid)`);
  const shownColumns = `${TRANSACTION_COLUMNS}, coalesce(ta.nickname, ta.name, ta.product) AS account_name, ta.iban AS account_iban`;
  if (!search) {
    values.push(limit);
    const { rows } = await db.query<Row>(
      newestRowsShownSql({ own: ownCte("$1::uuid"), columns: shownColumns, where, limit: `$${values.length}` }),
      values,
    );
    return { rows, answeredBy: null };
  }
  return searchedPage<Row>(
    db,
    {
      values,
      where,
      search,
      limit,
      shown: (keys) => `WITH ${ownCte("$1::uuid")}, k AS (${keys})
        SELECT ${shownColumns}, ${SEARCH_MARKS} FROM ${FROM} ${DISPLAY_NAME_JOIN} JOIN k ON k.id = t.id
         ORDER BY k.sort_date DESC, k.id DESC`,
    },
    plan,
  );
}

export async function listScopeTransactions(
  scopeId: string,
  filter: ScopeFilter & { perPage: number; cursor?: string },
) {
  const { rows } = await scopeTransactionsPage(readPool(), scopeId, filter);
  const page = pageOf(scopeTransactionsList(scopeId, filter), rows, filter.perPage, (r) => [r.sort_date, r.id]);
  return {
    items: page.items.map((r) => ({
      ...serializeTransaction(r),
      accountId: r.account_id,
      accountName: r.account_name,
    })),
    meta: page.meta,
  };
}

/** As one account's totals (transaction-totals.ts), over the scope's filtered set. */
export async function scopeTransactionTotals(scopeId: string, filter: ScopeFilter) {
  const values: unknown[] = [scopeId];
  if (answeredByDays(filter)) {
    const where = ["f.scope_id = $1::uuid"];
    if (filter.accountId) where.push(`f.account_id = $${values.push(filter.accountId)}::uuid`);
    const sql = dayFiguresTotalsSql(where, filter, values);
    return totalsAnswer((await readPool().query<TotalsRow>(sql, values)).rows);
  }
  const where = allConditions(scopeFilterConditions(filter, values));
  const { rows } = await readPool().query<TotalsRow>(
    `WITH ${ownCte("$1::uuid")},
     f AS (SELECT t.currency, t.amount, ${isTransferSql("t", "ta.owner_name")} AS transfer FROM ${FROM} WHERE ${where.join(" AND ")})
     ${TOTALS_OVER_ROWS}`,
    values,
  );
  return totalsAnswer(rows);
}
