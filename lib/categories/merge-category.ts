// merge-category, an admin's verb: every transaction of the category, and every counterpart whose
// default it is, goes to the target in one transaction; the category is kept, marked merged into
// the target (categories merged into it before now point at the target too), so the trail and a
// rule that still names it can find where it went. Who set a row's category does not change: a
// person's choice of the merged category is now the same person's choice of the target.
import "server-only";
import type { Audited } from "@/lib/audit/audited-change";
import { recordAudit } from "@/lib/audit/record";
import type { Tx } from "@/lib/db/client";
import { transaction } from "@/lib/db/transaction";
import { execute } from "@/lib/db/sql";
import { validationFailed } from "@/lib/errors";
import type { Category } from "@/lib/generated/prisma/client";
import { assignableCategory } from "@/lib/categories/find";
import { liveChildren, refuseMerged } from "@/lib/categories/invariants";

type Merge = { category: Category; into: string } & Audited<Merged>;

export type Merged = { category: Category; into: Category; transactionsMoved: number; counterpartsMoved: number };

export function mergeCategory({ commit = transaction, ...merge }: Merge): Promise<Merged> {
  return commit((tx) => mergeInto(tx, merge));
}

async function mergeInto(db: Tx, { category, into, actor }: Omit<Merge, "commit">): Promise<Merged> {
  const { scopeId } = category;
  if (into === category.id) throw validationFailed({ into: ["A category cannot be merged into itself"] });
  // Both locked in one order (by id), so two merges between the same pair never deadlock.
  await execute(db, "SELECT 1 FROM categories WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE", [category.id, into]);
  const source = await db.category.findUniqueOrThrow({ where: { id: category.id } });
  refuseMerged(source);
  const target = await assignableCategory(db, scopeId, into, "into");
  if ((await liveChildren(db, source.id)) > 0)
    throw validationFailed({ into: ["This category has children; move or merge them first"] });
  if (target.parentId === source.id)
    throw validationFailed({ into: ["A category cannot be merged into one of its own children"] });

  // The change feed's locks of every account with rows to move, in one order, before any row lock
  // (lib/changes/lock.ts): a sync writing one of those accounts finishes its page first, or waits.
  await execute(
    db,
    `SELECT change_feed_lock(a.scope_id, a.id) FROM tracked_accounts a
      WHERE a.scope_id = $1::uuid AND EXISTS (SELECT 1 FROM transactions t WHERE t.account_id = a.id AND t.category_id = $2::uuid)
      ORDER BY a.id`,
    scopeId,
    source.id,
  );
  const transactionsMoved = await execute(
    db,
    "UPDATE transactions SET category_id = $3::uuid WHERE scope_id = $1::uuid AND category_id = $2::uuid",
    scopeId,
    source.id,
    target.id,
  );
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
  await recordAudit(db, scopeId, actor, {
    action: "category.merged",
    recordType: "category",
    recordId: source.id,
    before: { mergedIntoId: null },
    after: { mergedIntoId: target.id, transactionsMoved, counterpartsMoved },
  });
  return { category: merged, into: target, transactionsMoved, counterpartsMoved };
}
