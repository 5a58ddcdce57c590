// Gives a scope its default categories (lib/categories/defaults.ts). Called where a scope is created,
// beside provisionDataRegistry; idempotent (by key), so calling it again adds only what is missing
// and never brings back a category an admin renamed or archived.
import type { Tx } from "@/lib/db/client";
import { DEFAULT_CATEGORIES } from "@/lib/categories/defaults";

export async function provisionCategories(db: Tx, scopeId: string): Promise<void> {
  await db.category.createMany({
    data: DEFAULT_CATEGORIES.filter((c) => !c.parent).map((c, position) => ({
      scopeId,
      key: c.key,
      name: c.name,
      position,
    })),
    skipDuplicates: true,
  });
  const parents = await db.category.findMany({
    where: { scopeId, key: { not: null } },
    select: { id: true, key: true },
  });
  const idOf = new Map(parents.map((p) => [p.key, p.id]));
  await db.category.createMany({
    data: DEFAULT_CATEGORIES.filter((c) => c.parent).map((c, position) => ({
      scopeId,
      key: c.key,
      name: c.name,
      position,
      parentId: idOf.get(c.parent ?? "") ?? null,
    })),
    skipDuplicates: true,
  });
}
