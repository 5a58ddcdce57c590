// An admin's edits of one category, each a verb audited in its own words (category.renamed, .moved,
// .archived, .restored), and updateCategory, the PATCH: the changes it names, in one transaction.
// The category is the one the route loaded (404 for another scope's); a merged one is not edited.
import "server-only";
import type { Audited } from "@/lib/audit/audited-change";
import { recordAudit } from "@/lib/audit/record";
import type { Tx } from "@/lib/db/client";
import { transaction } from "@/lib/db/transaction";
import { execute } from "@/lib/db/sql";
import { conflict } from "@/lib/errors";
import type { Category } from "@/lib/generated/prisma/client";
import { checkNameFree, checkParent, refuseMerged } from "@/lib/categories/invariants";

type Edit<I> = { category: Category } & I & Audited<Category>;

/** The category as it is now, locked for the edit (a concurrent edit waits, then sees this one's). */
async function current(db: Tx, category: Category): Promise<Category> {
  await execute(db, "SELECT 1 FROM categories WHERE id = $1::uuid FOR UPDATE", category.id);
  const found = await db.category.findUniqueOrThrow({ where: { id: category.id } });
  refuseMerged(found);
  return found;
}

async function rename(db: Tx, c: Category, name: string, actor: Edit<object>["actor"]): Promise<Category> {
  if (name === c.name) return c;
  await checkNameFree(db, c.scopeId, name, c.parentId, c.id);
  const renamed = await db.category.update({ where: { id: c.id }, data: { name, updatedAt: new Date() } });
  await recordAudit(db, c.scopeId, actor, {
    action: "category.renamed",
    recordType: "category",
    recordId: c.id,
    before: { name: c.name },
    after: { name },
  });
  return renamed;
}

async function move(db: Tx, c: Category, parentId: string | null, actor: Edit<object>["actor"]): Promise<Category> {
  if (parentId === c.parentId) return c;
  if (parentId) await checkParent(db, c.scopeId, parentId, c.id);
  await checkNameFree(db, c.scopeId, c.name, parentId, c.id);
  const last = await db.category.aggregate({
    where: { scopeId: c.scopeId, parentId },
    _max: { position: true },
  });
  const moved = await db.category.update({
    where: { id: c.id },
    data: { parentId, position: (last._max.position ?? -1) + 1, updatedAt: new Date() },
  });
  await recordAudit(db, c.scopeId, actor, {
    action: "category.moved",
    recordType: "category",
    recordId: c.id,
    before: { parentCategoryId: c.parentId },
    after: { parentCategoryId: parentId },
  });
  return moved;
}

async function archive(db: Tx, c: Category, archived: boolean, actor: Edit<object>["actor"]): Promise<Category> {
  if (archived === (c.archivedAt !== null)) return c;
  // An archived parent would hide live children in every picker.
  if (archived && (await db.category.count({ where: { parentId: c.id, mergedIntoId: null, archivedAt: null } })) > 0)
    throw conflict("This category has children that are not archived; archive or move them first.");
  const changed = await db.category.update({
    where: { id: c.id },
    data: { archivedAt: archived ? new Date() : null, updatedAt: new Date() },
  });
  await recordAudit(db, c.scopeId, actor, {
    action: archived ? "category.archived" : "category.restored",
    recordType: "category",
    recordId: c.id,
    before: { archived: !archived },
    after: { archived },
  });
  return changed;
}

/** rename-category, the verb. */
export const renameCategory = ({ category, name, actor, commit = transaction }: Edit<{ name: string }>) =>
  commit(async (tx) => rename(tx, await current(tx, category), name, actor));

/** move-category, the verb: under a top-level category, or to the top level (null). */
export const moveCategory = ({ category, parentId, actor, commit = transaction }: Edit<{ parentId: string | null }>) =>
  commit(async (tx) => move(tx, await current(tx, category), parentId, actor));

/** archive-category (true) and restore-category (false), the verb: rows keep it; pickers stop offering it. */
export const setCategoryArchived = ({ category, archived, actor, commit = transaction }: Edit<{ archived: boolean }>) =>
  commit(async (tx) => archive(tx, await current(tx, category), archived, actor));

type Update = Edit<{ change: { name?: string; parentId?: string | null; archived?: boolean } }>;

/** The PATCH: the changes named, in one transaction, each audited as its own verb. */
export function updateCategory({ category, change, actor, commit = transaction }: Update): Promise<Category> {
  return commit(async (tx) => {
    let c = await current(tx, category);
    // Restore first and archive last, so a move or rename never lands on an archived one's checks.
    if (change.archived === false) c = await archive(tx, c, false, actor);
    if (change.parentId !== undefined) c = await move(tx, c, change.parentId, actor);
    if (change.name !== undefined) c = await rename(tx, c, change.name, actor);
    if (change.archived === true) c = await archive(tx, c, true, actor);
    return c;
  });
}
