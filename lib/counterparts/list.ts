// GET …/accounts/{id}/counterparts: the account's counterparts (consolidations resolved to their
// root) with totals, searchable, sortable, keyset-paginated. Totals are computed per request in two
// steps: one GROUP BY over the account's rows on the effective counterpart id, then a regroup of
// those few groups onto their roots, so the cost stays close to a plain GROUP BY (npm run bench).
// Own-account transfers are not dealings with a counterpart and are left out.
// Money is summed per currency (a bank can send some of an account's rows in another currency) and
// never across: each counterpart carries its totals per currency, and the single `totals` only when
// all of it is in the account's currency. Sorting by money in/out sorts by the amounts in the
// account's currency (count and last date sort over all).
import { escapeLike } from "@/lib/db/like";
import { decodeCursor, pageOf } from "@/lib/pagination";
import type { Tx } from "@/lib/db/client";
import type { CounterpartSort } from "@/lib/counterparts/schemas";
import { ownCte } from "@/lib/accounttracking/transfers";
import {
  CHAIN_CTE,
  NOT_TRANSFER,
  EFFECTIVE,
  totalsOf,
  type CurrencyTotals,
  type TotalsRow,
} from "@/lib/counterparts/sql";
import { query } from "@/lib/db/sql";

type ListRow = TotalsRow & {
  id: string;
  name: string;
  alias: string | null;
  parent_id: string | null;
  entity_type: string | null;
  entity_id: string | null;
  members: number;
  sort_key: string;
  /** Built in SQL with the sums as text, so no amount passes through a float. */
  by_currency: CurrencyTotals[];
};

const SORT_KEYS: Record<CounterpartSort, { expr: string; cast: string }> = {
  name: { expr: "lower(coalesce(c.alias, c.name))", cast: "text" },
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
  const values: unknown[] = [];
  const where: string[] = ["TRUE"];
  if (options.q) {
    const pattern = `%${escapeLike(options.q)}%`;
    const p = `$${values.push(pattern) + 2}`;
    where.push(`(c.name ILIKE ${p} OR c.alias ILIKE ${p} OR EXISTS (
      SELECT 1 FROM chain m JOIN counterparts mc ON mc.id = m.id WHERE m.root_id = c.id AND (mc.name ILIKE ${p} OR mc.alias ILIKE ${p})))`);
  }
  const after = decodeCursor(counterpartsList(accountId, options), options.cursor, 2);
  const cmp = options.order === "asc" ? ">" : "<";
  if (after) {
    const v = `$${values.push(String(after[0])) + 2}`;
    const id = `$${values.push(String(after[1])) + 2}`;
    where.push(`(${key.expr}, c.id) ${cmp} (${v}::${key.cast}, ${id}::uuid)`);
  }
  const limit = `$${values.push(options.perPage + 1) + 2}`;
  const dir = options.order === "asc" ? "ASC" : "DESC";
  const text = `WITH RECURSIVE ${CHAIN_CTE}, ${ownCte("$1::uuid")},
  g AS (
    SELECT ${EFFECTIVE} AS cp, t.currency, count(*)::int AS n,
           sum(t.amount) FILTER (WHERE t.amount > 0) AS sum_in, -sum(t.amount) FILTER (WHERE t.amount < 0) AS sum_out,
           max(t.sort_date) AS last_date
      FROM transactions t JOIN tracked_accounts ta ON ta.id = t.account_id CROSS JOIN own
     WHERE t.account_id = $2::uuid AND t.removed_at IS NULL AND ${EFFECTIVE} IS NOT NULL AND ${NOT_TRANSFER}
     GROUP BY 1, 2
  ), rc AS (
    SELECT chain.root_id AS id, g.currency, sum(g.n)::int AS count, coalesce(sum(g.sum_in), 0) AS sum_in,
           coalesce(sum(g.sum_out), 0) AS sum_out, max(g.last_date) AS last_date
      FROM g JOIN chain ON chain.id = g.cp GROUP BY chain.root_id, g.currency
  ), r AS (
    SELECT rc.id, sum(rc.count)::int AS count,
           coalesce(sum(rc.sum_in) FILTER (WHERE rc.currency = acct.currency), 0) AS sum_in,
           coalesce(sum(rc.sum_out) FILTER (WHERE rc.currency = acct.currency), 0) AS sum_out,
           max(rc.last_date) AS last_date,
           jsonb_agg(jsonb_build_object('currency', rc.currency, 'count', rc.count, 'sumIn', rc.sum_in::text,
                     'sumOut', rc.sum_out::text, 'lastDate', rc.last_date) ORDER BY rc.currency) AS by_currency
      FROM rc CROSS JOIN (SELECT currency FROM tracked_accounts WHERE id = $2::uuid) acct GROUP BY rc.id
  )
  SELECT c.id, c.name, c.alias, c.parent_id, c.entity_type, c.entity_id, r.count, r.sum_in::text AS sum_in,
         r.sum_out::text AS sum_out, r.last_date, ${key.expr}::text AS sort_key, r.by_currency,
         (SELECT count(*)::int FROM counterparts m WHERE m.merged_into_id = c.id) AS members
    FROM r JOIN counterparts c ON c.id = r.id
   WHERE ${where.join(" AND ")}
   ORDER BY ${key.expr} ${dir}, c.id ${dir}
   LIMIT ${limit}`;
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
  return {
    items: page.items.map((r) => ({
      id: r.id,
      name: r.name,
      alias: r.alias,
      displayName: r.alias ?? r.name,
      parentId: r.parent_id,
      entity: r.entity_type && r.entity_id ? { entityType: r.entity_type, entityId: r.entity_id } : null,
      consolidatedCount: r.members,
      currency: account.currency,
      // The single figures only when they are all in the account's currency: never a mixed sum.
      ...(r.by_currency.every((t) => t.currency === account.currency) ? { totals: totalsOf(r) } : {}),
      totalsByCurrency: r.by_currency,
    })),
    meta: page.meta,
  };
}
