// create-category, an admin's verb: a category of the scope's own (no key), at the top level or under
// a top-level one, last among its siblings. Audited (category.created) in the same transaction.
import "server-only";
import type { Audited } from "@/lib/audit/audited-change";
import { recordAudit } from "@/lib/audit/record";
import type { Tx } from "@/lib/db/client";
import { transaction } from "@/lib/db/transaction";
import type { Category } from "@/lib/generated/prisma/client";
import { checkNameFree, checkParent } from "@/lib/categories/invariants";

type Create = { scopeId: string; name: string; parentId?: string | null } & Audited<Category>;

export function createCategory({ commit = transaction, ...input }: Create): Promise<Category> {
  return commit((tx) => create(tx, input));
}

async function create(db: Tx, { scopeId, name, parentId = null, actor }: Omit<Create, "commit">): Promise<Category> {
  if (parentId) await checkParent(db, scopeId, parentId, null);
  await checkNameFree(db, scopeId, name, parentId, null);
  const last = await db.category.aggregate({ where: { scopeId, parentId }, _max: { position: true } });
  const made = await db.category.create({
    data: { scopeId, name, parentId, position: (last._max.position ?? -1) + 1 },
  });
  await recordAudit(db, scopeId, actor, {
    action: "category.created",
    recordType: "category",
    recordId: made.id,
    after: { name, parentCategoryId: parentId },
  });
  return made;
}
