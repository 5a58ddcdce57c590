// GET /counterparts/activity: every counterpart of the scope (consolidations resolved to their root)
// with its totals, searchable, sortable by activity, keyset-paginated, optionally narrowed to one
// account. Like the account's listing (list.ts) it reads only counterpart_figures, never the
// transactions. A scope's accounts can be in several currencies, so there is no single total here:
// each counterpart carries its totals per currency, and the sorts are the ones that mean the same in
// every currency (transactions, last date, name). `accountCount` is how many of the scope's accounts
// deal with it, whatever the account filter: a rename shows everywhere that many accounts do.
import "server-only";
import { escapeLike } from "@/lib/db/like";
import { decodeCursor, pageOf } from "@/lib/pagination";
import type { Tx } from "@/lib/db/client";
import type { ScopeCounterpartSort } from "@/lib/counterparts/schemas";
import { accountCountsByRoot, CHAIN_CTE, MONEY_TEXT, type CurrencyTotals } from "@/lib/counterparts/sql";
import { query } from "@/lib/db/sql";

type Row = {
  id: string;
  name: string;
  alias: string | null;
  parent_id: string | null;
  entity_type: string | null;
  entity_id: string | null;
  members: number;
  sort_key: string;
  by_currency: CurrencyTotals[];
};

const SORT_KEYS: Record<ScopeCounterpartSort, { expr: string; cast: string }> = {
  name: { expr: "lower(coalesce(c.alias, c.name))", cast: "text" },
  count: { expr: "r.count", cast: "int" },
  // A root whose figures carry no date sorts as the oldest; '' keeps the keyset comparable.
  lastDate: { expr: "coalesce(r.last_date::text, '')", cast: "text" },
};

type Options = {
  q?: string;
  sort: ScopeCounterpartSort;
  order: "asc" | "desc";
  accountId?: string;
  perPage: number;
  cursor?: string;
};

/** What a cursor of this list is bound to: the scope's list, the search, the account and the order. */
const listOf = (o: Options) => ({
  name: "counterparts:scope",
  filters: { q: o.q, sort: o.sort, order: o.order, accountId: o.accountId },
});

/** $1 scope, $2 account or null; the rest in order. */
function scopeCounterpartsSql(o: Options): { text: string; values: unknown[] } {
  const key = SORT_KEYS[o.sort];
  const values: unknown[] = [];
  const param = (v: unknown) => `$${values.push(v) + 2}`;
  const where: string[] = ["TRUE"];
  if (o.q) {
    const p = param(`%${escapeLike(o.q)}%`);
    where.push(`(c.name ILIKE ${p} OR c.alias ILIKE ${p} OR EXISTS (
      SELECT 1 FROM chain m JOIN counterparts mc ON mc.id = m.id WHERE m.root_id = c.id AND (mc.name ILIKE ${p} OR mc.alias ILIKE ${p})))`);
  }
  const after = decodeCursor(listOf(o), o.cursor, 2);
  if (after) {
    const cmp = o.order === "asc" ? ">" : "<";
    where.push(
      `(${key.expr}, c.id) ${cmp} (${param(String(after[0]))}::${key.cast}, ${param(String(after[1]))}::uuid)`,
    );
  }
  const limit = param(o.perPage + 1);
  const dir = o.order === "asc" ? "ASC" : "DESC";
  const text = `WITH RECURSIVE ${CHAIN_CTE},
  rc AS (
    SELECT chain.root_id AS id, f.currency, sum(f.count)::int AS count, sum(f.sum_in) AS sum_in,
           sum(f.sum_out) AS sum_out, max(f.last_date) AS last_date
      FROM counterpart_figures f JOIN chain ON chain.id = f.counterpart_id
     WHERE f.scope_id = $1::uuid AND ($2::uuid IS NULL OR f.account_id = $2::uuid)
     GROUP BY chain.root_id, f.currency
  ), r AS (
    SELECT id, sum(count)::int AS count, max(last_date) AS last_date,
           jsonb_agg(jsonb_build_object('currency', currency, 'count', count, 'sumIn', ${MONEY_TEXT("sum_in")},
                     'sumOut', ${MONEY_TEXT("sum_out")}, 'lastDate', last_date) ORDER BY currency) AS by_currency
      FROM rc GROUP BY id
  )
  SELECT c.id, c.name, c.alias, c.parent_id, c.entity_type, c.entity_id, ${key.expr}::text AS sort_key, r.by_currency,
         (SELECT count(*)::int FROM counterparts m WHERE m.merged_into_id = c.id) AS members
    FROM r JOIN counterparts c ON c.id = r.id
   WHERE ${where.join(" AND ")}
   ORDER BY ${key.expr} ${dir}, c.id ${dir}
   LIMIT ${limit}`;
  return { text, values };
}

export async function listScopeCounterparts(db: Tx, scopeId: string, options: Options) {
  const sql = scopeCounterpartsSql(options);
  const rows = await query<Row>(db, sql.text, scopeId, options.accountId ?? null, ...sql.values);
  const page = pageOf(listOf(options), rows, options.perPage, (r) => [r.sort_key, r.id]);
  const accounts = await accountCountsByRoot(
    db,
    scopeId,
    page.items.map((r) => r.id),
  );
  return {
    items: page.items.map((r) => ({
      id: r.id,
      name: r.name,
      alias: r.alias,
      displayName: r.alias ?? r.name,
      parentId: r.parent_id,
      entity: r.entity_type && r.entity_id ? { entityType: r.entity_type, entityId: r.entity_id } : null,
      consolidatedCount: r.members,
      accountCount: accounts.get(r.id) ?? 0,
      totalsByCurrency: r.by_currency,
    })),
    meta: page.meta,
  };
}
