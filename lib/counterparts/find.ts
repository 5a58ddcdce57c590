// Looking up and serialising one counterpart. Lookups always filter by scope, so an id from
// another scope is simply not found (404 before any capability check).
import { notFound } from "@/lib/errors";
import type { Tx } from "@/lib/db/client";
import type { Counterpart } from "@/lib/generated/prisma/client";
import type { Totals } from "@/lib/counterparts/sql";

export async function findCounterpart(db: Tx, scopeId: string, id: string): Promise<Counterpart> {
  const found = await db.counterpart.findFirst({ where: { id, scopeId } });
  if (!found) throw notFound("Counterpart");
  return found;
}

export function serializeCounterpart(c: Counterpart, totals?: Totals) {
  return {
    id: c.id,
    name: c.name,
    alias: c.alias,
    displayName: c.alias ?? c.name,
    mergedIntoId: c.mergedIntoId,
    consolidationId: c.consolidationId,
    parentId: c.parentId,
    entity: c.entityType && c.entityId ? { entityType: c.entityType, entityId: c.entityId } : null,
    defaultCategoryId: c.defaultCategoryId,
    ...(totals ? { totals } : {}),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}
