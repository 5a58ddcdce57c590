// What the account's list (list.ts) and the scope's list (scope-list.ts) share: the row of a root
// counterpart, its figures per currency, the filters (search over names and aliases, consolidated
// members included; the keyset after a cursor), the name and count sorts, the page, and the item's
// common fields. Both queries define `chain` (CHAIN_CTE) and join the root as `c`; $1 and $2 are
// theirs, the filters' values follow.
import type { Tx } from "@/lib/db/client";
import { escapeLike } from "@/lib/db/like";
import { query } from "@/lib/db/sql";
import { decodeCursor, pageOf, type CursorList } from "@/lib/pagination";
import { accountCountsByRoot, MONEY_TEXT, type CurrencyTotals } from "@/lib/counterparts/sql";

export type RootRow = {
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

export type SortKey = { expr: string; cast: string };

export const NAME_SORT: SortKey = { expr: "lower(coalesce(c.alias, c.name))", cast: "text" };
/** By the root's transactions; both listings name that figure `r.count`. */
export const COUNT_SORT: SortKey = { expr: "r.count", cast: "int" };

/** The root's own columns and its number of consolidated members, for the SELECT list. */
export const ROOT_COLUMNS = `c.id, c.name, c.alias, c.parent_id, c.entity_type, c.entity_id,
  (SELECT count(*)::int FROM counterparts m WHERE m.merged_into_id = c.id) AS members`;

/**
 * `rc(id, currency, count, sum_in, sum_out, last_date)`: each root's figures per currency, summed
 * over its consolidated members' figure rows `f` that `where` keeps.
 */
export const rootFiguresCte = (where: string) => `rc AS (
    SELECT chain.root_id AS id, f.currency, sum(f.count)::int AS count, sum(f.sum_in) AS sum_in,
           sum(f.sum_out) AS sum_out, max(f.last_date) AS last_date
      FROM counterpart_figures f JOIN chain ON chain.id = f.counterpart_id
     WHERE ${where} GROUP BY chain.root_id, f.currency
  )`;

/** A root's rows of `rc` as its `by_currency` list (the sums as text), ordered by currency. */
export const BY_CURRENCY = `jsonb_agg(jsonb_build_object('currency', rc.currency, 'count', rc.count,
  'sumIn', ${MONEY_TEXT("rc.sum_in")}, 'sumOut', ${MONEY_TEXT("rc.sum_out")}, 'lastDate', rc.last_date)
  ORDER BY rc.currency) AS by_currency`;

type Filters = { q?: string; order: "asc" | "desc"; perPage: number; cursor?: string };

/** A listing's options: the filters and its own set of sorts. */
export type RootListOptions<Sort extends string> = Filters & { sort: Sort };

/** The WHERE, ORDER BY and LIMIT of a listing; values numbered from $3. */
export function rootFilters(list: CursorList, key: SortKey, o: Filters) {
  const values: unknown[] = [];
  const param = (v: unknown) => `$${values.push(v) + 2}`;
  const where: string[] = ["TRUE"];
  if (o.q) {
    const p = param(`%${escapeLike(o.q)}%`);
    where.push(`(c.name ILIKE ${p} OR c.alias ILIKE ${p} OR EXISTS (
      SELECT 1 FROM chain m JOIN counterparts mc ON mc.id = m.id WHERE m.root_id = c.id AND (mc.name ILIKE ${p} OR mc.alias ILIKE ${p})))`);
  }
  const after = decodeCursor(list, o.cursor, 2);
  if (after) {
    const cmp = o.order === "asc" ? ">" : "<";
    where.push(
      `(${key.expr}, c.id) ${cmp} (${param(String(after[0]))}::${key.cast}, ${param(String(after[1]))}::uuid)`,
    );
  }
  const dir = o.order === "asc" ? "ASC" : "DESC";
  const tail = `WHERE ${where.join(" AND ")}
   ORDER BY ${key.expr} ${dir}, c.id ${dir}
   LIMIT ${param(o.perPage + 1)}`;
  return { tail, values };
}

/**
 * A listing's page: its rows ($1 scope, $2 the list's own value, the filters' values after), cut to
 * the page, and how many of the scope's accounts deal with each root on it.
 */
export async function rootPage<R extends RootRow = RootRow>(
  db: Tx,
  list: CursorList,
  sql: { text: string; values: unknown[] },
  scopeId: string,
  second: string | null,
  perPage: number,
) {
  const rows = await query<R>(db, sql.text, scopeId, second, ...sql.values);
  const page = pageOf(list, rows, perPage, (r) => [r.sort_key, r.id]);
  const accounts = await accountCountsByRoot(
    db,
    scopeId,
    page.items.map((r) => r.id),
  );
  return { page, accounts };
}

/** The fields every listed counterpart has. */
export function rootItem(r: RootRow, accountCounts: Map<string, number>) {
  return {
    id: r.id,
    name: r.name,
    alias: r.alias,
    displayName: r.alias ?? r.name,
    parentId: r.parent_id,
    entity: r.entity_type && r.entity_id ? { entityType: r.entity_type, entityId: r.entity_id } : null,
    consolidatedCount: r.members,
    accountCount: accountCounts.get(r.id) ?? 0,
  };
}
