// What the account's list (list.ts) and the scope's list (scope-list.ts) share: the row of a root
// counterpart, the filters (search over names and aliases, consolidated members included; the
// keyset after a cursor), the name sort, and the item's common fields. Both queries define `chain`
// (CHAIN_CTE) and join the root as `c`; $1 and $2 are theirs, the filters' values follow.
import { escapeLike } from "@/lib/db/like";
import { decodeCursor, type CursorList } from "@/lib/pagination";
import type { CurrencyTotals } from "@/lib/counterparts/sql";

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

/** The root's own columns and its number of consolidated members, for the SELECT list. */
export const ROOT_COLUMNS = `c.id, c.name, c.alias, c.parent_id, c.entity_type, c.entity_id,
  (SELECT count(*)::int FROM counterparts m WHERE m.merged_into_id = c.id) AS members`;

type Filters = { q?: string; order: "asc" | "desc"; perPage: number; cursor?: string };

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
