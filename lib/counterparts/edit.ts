// A person's edits to one counterpart: alias and entity binding. The raw bank name is never changed.
import { validationFailed } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import type { AuditActor } from "@/lib/audit/actor";
import { recordAudit } from "@/lib/audit/record";
import type { Tx } from "@/lib/db/client";
import type { Counterpart } from "@/lib/generated/prisma/client";

export async function setAlias(
  db: Tx,
  counterpart: Counterpart,
  alias: string | null,
  actor: AuditActor,
): Promise<Counterpart> {
  const updated = await db.counterpart.update({
    where: { id: counterpart.id },
    data: { alias, updatedAt: new Date() },
  });
  await recordAudit(db, counterpart.scopeId, actor, {
    action: "counterpart.alias_changed",
    recordType: "counterpart",
    recordId: counterpart.id,
    before: { alias: counterpart.alias },
    after: { alias: updated.alias },
  });
  return updated;
}

const entityOf = (c: Counterpart) => ({ entityType: c.entityType, entityId: c.entityId });

/** Binds to an entity; a `client` must exist in the same scope (422 otherwise). */
export async function bindEntity(
  db: Tx,
  counterpart: Counterpart,
  entity: { entityType: string; entityId: string },
  actor: AuditActor,
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
  const updated = await db.counterpart.update({
    where: { id: counterpart.id },
    data: { entityType: entity.entityType, entityId: entity.entityId, updatedAt: new Date() },
  });
  await recordAudit(db, counterpart.scopeId, actor, {
    action: "counterpart.entity_bound",
    recordType: "counterpart",
    recordId: counterpart.id,
    before: entityOf(counterpart),
    after: entityOf(updated),
  });
  return updated;
}

export async function unbindEntity(db: Tx, counterpart: Counterpart, actor: AuditActor): Promise<Counterpart> {
  const updated = await db.counterpart.update({
    where: { id: counterpart.id },
    data: { entityType: null, entityId: null, updatedAt: new Date() },
  });
  await recordAudit(db, counterpart.scopeId, actor, {
    action: "counterpart.entity_unbound",
    recordType: "counterpart",
    recordId: counterpart.id,
    before: entityOf(counterpart),
    after: entityOf(updated),
  });
  return updated;
}
