// GET …/accounts/{id}/counterparts: the account's counterparts (consolidations resolved to their
// root) with totals, searchable, sortable, keyset-paginated. Totals come from counterpart_figures,
// kept per (account, counterpart, currency) by the database in the same transaction as every write
// to transactions (prisma/functions/06_figures.sql): the listing reads the account's few figure rows
// and regroups them onto their roots, never the account's transactions (npm run bench). Own-account
// transfers are not dealings with a counterpart and are not in the figures.
// Money is summed per currency (a bank can send some of an account's rows in another currency) and
// never across: each counterpart carries its totals per currency, and the single `totals` only when
// all of it is in the account's currency. Sorting by money in/out sorts by the amounts in the
// account's currency (count and last date sort over all).
import type { Tx } from "@/lib/db/client";
import type { CounterpartSort } from "@/lib/counterparts/schemas";
import { CHAIN_CTE, MONEY_TEXT, totalsOf, type TotalsRow } from "@/lib/counterparts/sql";
import {
  BY_CURRENCY,
  COUNT_SORT,
  NAME_SORT,
  ROOT_COLUMNS,
  rootFiguresCte,
  rootFilters,
  rootItem,
  rootPage,
  type RootListOptions,
  type RootRow,
  type SortKey,
} from "@/lib/counterparts/root-listing";

type ListRow = TotalsRow & RootRow;

const SORT_KEYS: Record<CounterpartSort, SortKey> = {
  name: NAME_SORT,
  count: COUNT_SORT,
  sumIn: { expr: "r.sum_in", cast: "numeric" },
  sumOut: { expr: "r.sum_out", cast: "numeric" },
  lastDate: { expr: "r.last_date", cast: "text" },
};

type ListOptions = RootListOptions<CounterpartSort>;

/** What a counterparts cursor is bound to: the account, the search and the order. */
function counterpartsList(accountId: string, options: ListOptions) {
  return { name: `counterparts:${accountId}`, filters: { q: options.q, sort: options.sort, order: options.order } };
}

/** The listing query; exported for the benchmark. $1 scope, $2 account. */
export function counterpartsSql(options: ListOptions, accountId: string): { text: string; values: unknown[] } {
  const key = SORT_KEYS[options.sort];
  const { tail, values } = rootFilters(counterpartsList(accountId, options), key, options);
  const text = `WITH RECURSIVE ${CHAIN_CTE},
  ${rootFiguresCte("f.account_id = $2::uuid")}, r AS (
    SELECT rc.id, sum(rc.count)::int AS count,
           coalesce(sum(rc.sum_in) FILTER (WHERE rc.currency = acct.currency), 0) AS sum_in,
           coalesce(sum(rc.sum_out) FILTER (WHERE rc.currency = acct.currency), 0) AS sum_out,
           max(rc.last_date) AS last_date, ${BY_CURRENCY}
      FROM rc CROSS JOIN (SELECT currency FROM tracked_accounts WHERE id = $2::uuid) acct GROUP BY rc.id
  )
  SELECT ${ROOT_COLUMNS}, r.count, ${MONEY_TEXT("r.sum_in")} AS sum_in,
         ${MONEY_TEXT("r.sum_out")} AS sum_out, r.last_date, ${key.expr}::text AS sort_key, r.by_currency
    FROM r JOIN counterparts c ON c.id = r.id
   ${tail}`;
  return { text, values };
}

export async function listCounterparts(
  db: Tx,
  scopeId: string,
  account: { id: string; currency: string },
  options: ListOptions,
) {
  const sql = counterpartsSql(options, account.id);
  const list = counterpartsList(account.id, options);
  const { page, accounts } = await rootPage<ListRow>(db, list, sql, scopeId, account.id, options.perPage);
  return {
    items: page.items.map((r) => ({
      ...rootItem(r, accounts),
      currency: account.currency,
      // The single figures only when they are all in the account's currency: never a mixed sum.
      ...(r.by_currency.every((t) => t.currency === account.currency) ? { totals: totalsOf(r) } : {}),
      totalsByCurrency: r.by_currency,
    })),
    meta: page.meta,
  };
}
