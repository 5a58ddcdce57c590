// GET /counterparts/activity: every counterpart of the scope (consolidations resolved to their root)
// with its totals, searchable, sortable by activity, keyset-paginated, optionally narrowed to one
// account. Like the account's listing (list.ts) it reads only counterpart_figures, never the
// transactions. A scope's accounts can be in several currencies, so there is no single total here:
// each counterpart carries its totals per currency, and the sorts are the ones that mean the same in
// every currency (transactions, last date, name). `accountCount` is how many of the scope's accounts
// deal with it, whatever the account filter: a rename shows everywhere that many accounts do.
import "server-only";
import type { Tx } from "@/lib/db/client";
import type { ScopeCounterpartSort } from "@/lib/counterparts/schemas";
import { CHAIN_CTE } from "@/lib/counterparts/sql";
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
  type SortKey,
} from "@/lib/counterparts/root-listing";

const SORT_KEYS: Record<ScopeCounterpartSort, SortKey> = {
  name: NAME_SORT,
  count: COUNT_SORT,
  // A root whose figures carry no date sorts as the oldest; '' keeps the keyset comparable.
  lastDate: { expr: "coalesce(r.last_date::text, '')", cast: "text" },
};

type Options = RootListOptions<ScopeCounterpartSort> & { accountId?: string };

/** What a cursor of this list is bound to: the scope's list, the search, the account and the order. */
const listOf = (o: Options) => ({
  name: "counterparts:scope",
  filters: { q: o.q, sort: o.sort, order: o.order, accountId: o.accountId },
});

/** $1 scope, $2 account or null; the filters' values follow. */
function scopeCounterpartsSql(o: Options): { text: string; values: unknown[] } {
  const key = SORT_KEYS[o.sort];
  const { tail, values } = rootFilters(listOf(o), key, o);
  const text = `WITH RECURSIVE ${CHAIN_CTE},
  ${rootFiguresCte("f.scope_id = $1::uuid AND ($2::uuid IS NULL OR f.account_id = $2::uuid)")}, r AS (
    SELECT rc.id, sum(rc.count)::int AS count, max(rc.last_date) AS last_date, ${BY_CURRENCY}
      FROM rc GROUP BY rc.id
  )
  SELECT ${ROOT_COLUMNS}, ${key.expr}::text AS sort_key, r.by_currency
    FROM r JOIN counterparts c ON c.id = r.id
   ${tail}`;
  return { text, values };
}

export async function listScopeCounterparts(db: Tx, scopeId: string, options: Options) {
  const sql = scopeCounterpartsSql(options);
  const { page, accounts } = await rootPage(
    db,
    listOf(options),
    sql,
    scopeId,
    options.accountId ?? null,
    options.perPage,
  );
  return {
    items: page.items.map((r) => ({ ...rootItem(r, accounts), totalsByCurrency: r.by_currency })),
    meta: page.meta,
  };
}
