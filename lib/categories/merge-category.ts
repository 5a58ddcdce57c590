// merge-category, an admin's verb: every transaction of the category, and every counterpart whose
// default it is, goes to the target; the category is kept, marked merged into the target (categories
// merged into it before now point at the target too), so the trail and a rule that still names it can
// find where it went. Who set a row's category does not change: a person's choice of the merged
// category is now the same person's choice of the target.
//
// Up to MERGE_BATCH rows move in the verb's one (last) transaction with the rest of the merge. A
// larger category's rows move first in transactions of MERGE_BATCH rows each: every row rewrites
// all of the table's indexes and is numbered for the change feed, about 2,600 rows a second on a
// busy 2-core machine, so 200,000 rows in one transaction outlived its 60 s. Meanwhile readers see
// some rows already in the target; a crash between batches leaves the category unmerged with fewer
// rows, and merging again finishes it (the audit row then counts the rows of the finishing call).
import "server-only";
import type { Audited } from "@/lib/audit/audited-change";
import { recordAudit } from "@/lib/audit/record";
import type { Tx } from "@/lib/db/client";
import { transaction } from "@/lib/db/transaction";
import { execute, query } from "@/lib/db/sql";
import { validationFailed } from "@/lib/errors";
import type { Category } from "@/lib/generated/prisma/client";
import { assignableCategory } from "@/lib/categories/find";
import { liveChildren, refuseMerged } from "@/lib/categories/invariants";

export const MERGE_BATCH = 20_000;

type Merge = {
  category: Category;
  into: string;
  /** Rows moved per transaction ahead of the last one, when there are more than this. */
  batch?: number;
} & Audited<Merged>;

export type Merged = { category: Category; into: Category; transactionsMoved: number; counterpartsMoved: number };

export async function mergeCategory({ commit = transaction, batch = MERGE_BATCH, ...merge }: Merge): Promise<Merged> {
  const large = await transaction(async (tx) => {
    await checked(tx, merge);
    return (await rowsIn(tx, merge.category)) > batch;
  });
  let early = 0;
  if (large) {
    let moved: number;
    do {
      moved = await transaction(async (tx) => moveRows(tx, (await checked(tx, merge)).target, merge.category, batch));
      early += moved;
    } while (moved === batch);
  }
  return commit((tx) => mergeInto(tx, merge, early));
}

/** The source and target, locked (in id order, so two merges of one pair never deadlock) and checked. */
async function checked(db: Tx, { category, into }: Pick<Merge, "category" | "into">) {
  if (into === category.id) throw validationFailed({ into: ["A category cannot be merged into itself"] });
  await execute(db, "SELECT 1 FROM categories WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE", [category.id, into]);
  const source = await db.category.findUniqueOrThrow({ where: { id: category.id } });
  refuseMerged(source);
  const target = await assignableCategory(db, category.scopeId, into, "into");
  if ((await liveChildren(db, source.id)) > 0)
    throw validationFailed({ into: ["This category has children; move or merge them first"] });
  return { source, target };
}

async function rowsIn(db: Tx, category: Category): Promise<number> {
  const [row] = await query<{ n: number }>(
    db,
    "SELECT count(*)::int AS n FROM transactions WHERE scope_id = $1::uuid AND category_id = $2::uuid",
    category.scopeId,
    category.id,
  );
  return row.n;
}

/** Moves up to `limit` rows of `source` to `target` (all when no limit); how many moved. */
async function moveRows(db: Tx, target: Category, source: Category, limit: number | null): Promise<number> {
  // The change feed's locks of every account with rows to move, in one order, before any row lock
  // (lib/changes/lock.ts): a sync writing one of those accounts finishes its page first, or waits.
  await execute(
    db,
    `SELECT change_feed_lock(a.scope_id, a.id) FROM tracked_accounts a
      WHERE a.scope_id = $1::uuid AND EXISTS (SELECT 1 FROM transactions t WHERE t.account_id = a.id AND t.category_id = $2::uuid)
      ORDER BY a.id`,
    source.scopeId,
    source.id,
  );
  return execute(
    db,
    `UPDATE transactions SET category_id = $3::uuid
      WHERE id IN (SELECT id FROM transactions WHERE scope_id = $1::uuid AND category_id = $2::uuid LIMIT $4::int)`,
    source.scopeId,
    source.id,
    target.id,
    limit,
  );
}

async function mergeInto(db: Tx, merge: Omit<Merge, "commit" | "batch">, early: number): Promise<Merged> {
  const { source, target } = await checked(db, merge);
  const { scopeId } = source;
  const transactionsMoved = early + (await moveRows(db, target, source, null));
  const counterpartsMoved = await execute(
    db,
    "UPDATE counterparts SET default_category_id = $3::uuid WHERE scope_id = $1::uuid AND default_category_id = $2::uuid",
    scopeId,
    source.id,
    target.id,
  );
  await execute(
    db,
    "UPDATE categories SET merged_into_id = $2::uuid, updated_at = now() WHERE merged_into_id = $1::uuid",
    source.id,
    target.id,
  );
  const merged = await db.category.update({
    where: { id: source.id },
    data: { mergedIntoId: target.id, updatedAt: new Date() },
  });
  await recordAudit(db, scopeId, merge.actor, {
    action: "category.merged",
    recordType: "category",
    recordId: source.id,
    before: { mergedIntoId: null },
    after: { mergedIntoId: target.id, transactionsMoved, counterpartsMoved },
  });
  return { category: merged, into: target, transactionsMoved, counterpartsMoved };
}
