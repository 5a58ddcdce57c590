// Gives a scope the default rules (lib/rules/defaults.ts), after its categories: called where a scope
// is made, beside provisionCategories. Idempotent by key: calling it again adds only what is missing.
// A default whose category the scope does not have by key is left out.
import "server-only";
import type { Tx } from "@/lib/db/client";
import { DEFAULT_RULES } from "@/lib/rules/defaults";

export async function provisionRules(db: Tx, scopeId: string): Promise<void> {
  const categories = await db.category.findMany({
    where: { scopeId, key: { in: DEFAULT_RULES.map((r) => r.category) } },
    select: { id: true, key: true },
  });
  const idOf = new Map(categories.map((c) => [c.key, c.id]));
  const last = await db.rule.aggregate({ where: { scopeId }, _max: { position: true } });
  const start = (last._max.position ?? -1) + 1;
  await db.rule.createMany({
    data: DEFAULT_RULES.flatMap((r, i) => {
      const categoryId = idOf.get(r.category);
      if (!categoryId) return [];
      return [
        {
          scopeId,
          key: r.key,
          name: r.name,
          position: start + i,
          origin: "default" as const,
          conditions: r.conditions,
          actions: { categoryId },
        },
      ];
    }),
    skipDuplicates: true,
  });
}
