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
import { pageOf } from "@/lib/pagination";
import type { Tx } from "@/lib/db/client";
import type { CounterpartSort } from "@/lib/counterparts/schemas";
import { accountCountsByRoot, CHAIN_CTE, MONEY_TEXT, totalsOf, type TotalsRow } from "@/lib/counterparts/sql";
import {
  NAME_SORT,
  ROOT_COLUMNS,
  rootFilters,
  rootItem,
  type RootRow,
  type SortKey,
} from "@/lib/counterparts/root-listing";
import { query } from "@/lib/db/sql";

type ListRow = TotalsRow & RootRow;

const SORT_KEYS: Record<CounterpartSort, SortKey> = {
  name: NAME_SORT,
  count: { expr: "r.count", cast: "int" },
  sumIn: { expr: "r.sum_in", cast: "numeric" },
  sumOut: { expr: "r.sum_out", cast: "numeric" },
  lastDate: { expr: "r.last_date", cast: "text" },
};

type ListOptions = {
  q?: string;
  sort: CounterpartSort;
  order: "asc" | "desc";
  perPage: number;
  cursor?: string;
};

/** What a counterparts cursor is bound to: the account, the search and the order. */
function counterpartsList(accountId: string, options: ListOptions) {
  return { name: `counterparts:${accountId}`, filters: { q: options.q, sort: options.sort, order: options.order } };
}

/** The listing query; exported for the benchmark. $1 scope, $2 account. */
export function counterpartsSql(options: ListOptions, accountId: string): { text: string; values: unknown[] } {
  const key = SORT_KEYS[options.sort];
  const { tail, values } = rootFilters(counterpartsList(accountId, options), key, options);
  const text = `WITH RECURSIVE ${CHAIN_CTE},
  rc AS (
    SELECT chain.root_id AS id, f.currency, sum(f.count)::int AS count, sum(f.sum_in) AS sum_in,
           sum(f.sum_out) AS sum_out, max(f.last_date) AS last_date
      FROM counterpart_figures f JOIN chain ON chain.id = f.counterpart_id
     WHERE f.account_id = $2::uuid GROUP BY chain.root_id, f.currency
  ), r AS (
    SELECT rc.id, sum(rc.count)::int AS count,
           coalesce(sum(rc.sum_in) FILTER (WHERE rc.currency = acct.currency), 0) AS sum_in,
           coalesce(sum(rc.sum_out) FILTER (WHERE rc.currency = acct.currency), 0) AS sum_out,
           max(rc.last_date) AS last_date,
           jsonb_agg(jsonb_build_object('currency', rc.currency, 'count', rc.count, 'sumIn', ${MONEY_TEXT("rc.sum_in")},
                     'sumOut', ${MONEY_TEXT("rc.sum_out")}, 'lastDate', rc.last_date) ORDER BY rc.currency) AS by_currency
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
  const rows = await query<ListRow>(db, sql.text, scopeId, account.id, ...sql.values);
  const page = pageOf(counterpartsList(account.id, options), rows, options.perPage, (r) => [r.sort_key, r.id]);
  const accounts = await accountCountsByRoot(
    db,
    scopeId,
    page.items.map((r) => r.id),
  );
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
