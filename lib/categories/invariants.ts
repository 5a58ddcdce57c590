// What holds of a scope's categories, checked by the verbs inside their transactions: one level deep
// (a parent has no parent, a category with children goes under no other), names unique among
// siblings, and a merged category is history (never edited, never a target).
import "server-only";
import type { Tx } from "@/lib/db/client";
import { escapeLike } from "@/lib/db/like";
import { conflict, validationFailed } from "@/lib/errors";
import { assignableCategory } from "@/lib/categories/find";

/** `parentId` may take `child` (null: a new category) under it: a live top-level category, not itself. */
export async function checkParent(db: Tx, scopeId: string, parentId: string, child: string | null): Promise<void> {
  if (parentId === child) throw validationFailed({ parentId: ["A category cannot be its own parent"] });
  const parent = await assignableCategory(db, scopeId, parentId, "parentId");
  if (parent.parentId) throw validationFailed({ parentId: ["Categories are one level deep: this one is a child"] });
  if (child && (await liveChildren(db, child)) > 0)
    throw validationFailed({ parentId: ["This category has children; move them out before it goes under another"] });
}

/** How many unmerged categories are under `id`. */
export function liveChildren(db: Tx, id: string): Promise<number> {
  return db.category.count({ where: { parentId: id, mergedIntoId: null } });
}

/** No other unmerged sibling has this name (case and spacing aside). */
export async function checkNameFree(
  db: Tx,
  scopeId: string,
  name: string,
  parentId: string | null,
  self: string | null,
): Promise<void> {
  const same = await db.category.findFirst({
    where: {
      scopeId,
      parentId,
      mergedIntoId: null,
      // Prisma compares an insensitive `equals` with ILIKE, where the name is a pattern: its `%`, `_`
      // and `\` are escaped, or "A_" would be taken for "AB", and a name ending in `\` failed.
      name: { equals: escapeLike(name), mode: "insensitive" },
      ...(self ? { id: { not: self } } : {}),
    },
    select: { id: true },
  });
  if (same) throw conflict(`A category named “${name}” is already there.`);
}

/** A merged category is history: it is neither edited nor merged again. */
export function refuseMerged(category: { mergedIntoId: string | null }): void {
  if (category.mergedIntoId) throw conflict("This category was merged into another; change that one instead.");
}
