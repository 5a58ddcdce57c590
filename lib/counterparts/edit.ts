// A person's edits to one counterpart: alias and entity binding. The raw bank name is never changed.
// Each is a verb of its own transaction, with its audit row (lib/audit/audited-change.ts).
import "server-only";
import { validationFailed } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { auditedChange, type Audited } from "@/lib/audit/audited-change";
import type { Tx } from "@/lib/db/client";
import type { Counterpart } from "@/lib/generated/prisma/client";

type Edit = Audited<Counterpart> & { counterpart: Counterpart };

const touched = (counterpart: Counterpart, data: Partial<Counterpart>) => (tx: Tx) =>
  tx.counterpart.update({ where: { id: counterpart.id }, data: { ...data, updatedAt: new Date() } });

export function setAlias({ counterpart, alias, ...audited }: Edit & { alias: string | null }) {
  return auditedChange({
    ...audited,
    record: counterpart,
    action: "counterpart.alias_changed",
    recordType: "counterpart",
    fields: (c) => ({ alias: c.alias }),
    update: touched(counterpart, { alias }),
  });
}

const entityOf = (c: Counterpart) => ({ entityType: c.entityType, entityId: c.entityId });

/** A `client` must exist in the counterpart's scope (422 otherwise). */
async function checkEntity(tx: Tx, scopeId: string, entity: { entityType: string; entityId: string }) {
  if (entity.entityType !== "client") return;
  const client = isUuid(entity.entityId)
    ? await tx.client.findFirst({ where: { id: entity.entityId, scopeId }, select: { id: true } })
    : null;
  if (!client) throw validationFailed({ entityId: ["No client with this id in this scope"] });
}

/** Binds to an entity (a client of the scope, or any other kind of record by its type and id). */
export function bindEntity({
  counterpart,
  entity,
  ...audited
}: Edit & { entity: { entityType: string; entityId: string } }) {
  return auditedChange({
    ...audited,
    record: counterpart,
    action: "counterpart.entity_bound",
    recordType: "counterpart",
    fields: entityOf,
    check: (tx) => checkEntity(tx, counterpart.scopeId, entity),
    update: touched(counterpart, { entityType: entity.entityType, entityId: entity.entityId }),
  });
}

export function unbindEntity({ counterpart, ...audited }: Edit) {
  return auditedChange({
    ...audited,
    record: counterpart,
    action: "counterpart.entity_unbound",
    recordType: "counterpart",
    fields: entityOf,
    update: touched(counterpart, { entityType: null, entityId: null }),
  });
}
