// A person's edits to one counterpart: alias and entity binding. The raw bank name is never changed.
import { validationFailed } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import type { Tx } from "@/lib/db/client";
import type { Counterpart } from "@/lib/generated/prisma/client";

export async function setAlias(db: Tx, counterpart: Counterpart, alias: string | null): Promise<Counterpart> {
  return db.counterpart.update({ where: { id: counterpart.id }, data: { alias, updatedAt: new Date() } });
}

/** Binds to an entity; a `client` must exist in the same scope (422 otherwise). */
export async function bindEntity(
  db: Tx,
  counterpart: Counterpart,
  entity: { entityType: string; entityId: string },
): Promise<Counterpart> {
  if (entity.entityType === "client") {
    const client = isUuid(entity.entityId)
      ? await db.client.findFirst({
          where: { id: entity.entityId, scopeId: counterpart.scopeId },
          select: { id: true },
        })
      : null;
    if (!client) throw validationFailed({ entityId: ["No client with this id in this scope"] });
  }
  return db.counterpart.update({
    where: { id: counterpart.id },
    data: { entityType: entity.entityType, entityId: entity.entityId, updatedAt: new Date() },
  });
}

export async function unbindEntity(db: Tx, counterpart: Counterpart): Promise<Counterpart> {
  return db.counterpart.update({
    where: { id: counterpart.id },
    data: { entityType: null, entityId: null, updatedAt: new Date() },
  });
}
