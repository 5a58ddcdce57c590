// A scope's categories as the API shows them: parents first, each followed by its children, in
// their positions; merged ones left out (their rows went to the category they were merged into).
// With counts, each category's live transactions (one pass over the scope's category index).
import "server-only";
import type { Tx } from "@/lib/db/client";
import { query } from "@/lib/db/sql";
import type { Category } from "@/lib/generated/prisma/client";

export function serializeCategory(c: Category, transactionCount?: number) {
  return {
    id: c.id,
    key: c.key,
    name: c.name,
    parentId: c.parentId,
    position: c.position,
    archived: c.archivedAt !== null,
    archivedAt: c.archivedAt?.toISOString() ?? null,
    mergedIntoId: c.mergedIntoId,
    ...(transactionCount === undefined ? {} : { transactionCount }),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

export type CategoryJson = ReturnType<typeof serializeCategory>;

/** Parents in their order, each followed by its children in theirs. */
export function treeOrder<C extends { id: string; parentId: string | null; position: number; name: string }>(
  list: C[],
): C[] {
  const byPlace = (a: C, b: C) => a.position - b.position || a.name.localeCompare(b.name);
  const ids = new Set(list.map((c) => c.id));
  // A child whose parent is not in the list (merged away) stands on its own.
  const tops = list.filter((c) => !c.parentId || !ids.has(c.parentId)).sort(byPlace);
  return tops.flatMap((top) => [top, ...list.filter((c) => c.parentId === top.id).sort(byPlace)]);
}

/** The number of live transactions in each category of the scope (none: absent). */
export async function transactionCounts(db: Tx, scopeId: string): Promise<Map<string, number>> {
  const rows = await query<{ category_id: string; n: number }>(
    db,
    `SELECT category_id, count(*)::int AS n FROM transactions
      WHERE scope_id = $1::uuid AND category_id IS NOT NULL AND removed_at IS NULL GROUP BY category_id`,
    scopeId,
  );
  return new Map(rows.map((r) => [r.category_id, r.n]));
}

export async function listCategories(db: Tx, scopeId: string, options: { counts: boolean }): Promise<CategoryJson[]> {
  const list = await db.category.findMany({ where: { scopeId, mergedIntoId: null } });
  const counts = options.counts ? await transactionCounts(db, scopeId) : null;
  return treeOrder(list).map((c) => serializeCategory(c, counts ? (counts.get(c.id) ?? 0) : undefined));
}
