// Looking up a scope's categories. Every lookup filters by scope, so another scope's id is simply
// not found: 404 for the category a route is about, 422 for one a body names.
import "server-only";
import type { Tx } from "@/lib/db/client";
import type { Category } from "@/lib/generated/prisma/client";
import { notFound, validationFailed } from "@/lib/errors";

/** The category a route is about (merged ones too: their answer says where they went). */
export async function findCategory(db: Tx, scopeId: string, id: string): Promise<Category> {
  const found = await db.category.findFirst({ where: { id, scopeId } });
  if (!found) throw notFound("Category");
  return found;
}

/**
 * A category a body names (`field`), that rows may be given: of this scope, not merged away, not
 * archived. Anything else is the caller's input error.
 */
export async function assignableCategory(db: Tx, scopeId: string, id: string, field: string): Promise<Category> {
  const found = await db.category.findFirst({ where: { id, scopeId } });
  if (!found) throw validationFailed({ [field]: ["No category with this id in this scope"] });
  if (found.mergedIntoId) throw validationFailed({ [field]: ["This category was merged into another; use that one"] });
  if (found.archivedAt) throw validationFailed({ [field]: ["This category is archived; restore it first"] });
  return found;
}
