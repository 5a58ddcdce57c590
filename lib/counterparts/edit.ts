// A person's edits to one counterpart: alias and entity binding. The raw bank name is never changed.
// Each is a verb of its own transaction, with its audit row (lib/audit/audited-change.ts).
import "server-only";
import { validationFailed } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { auditedChanges, type Audited } from "@/lib/audit/audited-change";
import type { Tx } from "@/lib/db/client";
import type { Counterpart } from "@/lib/generated/prisma/client";

export type CounterpartEdit = Audited<Counterpart> & { counterpart: Counterpart };

/** A counterpart's audited change (its updated_at moves with it). */
export const counterpartChange = auditedChanges<Counterpart>("counterpart", (tx, counterpart, data) =>
  tx.counterpart.update({ where: { id: counterpart.id }, data: { ...data, updatedAt: new Date() } }),
);

export function setAlias({ counterpart, alias, ...audited }: CounterpartEdit & { alias: string | null }) {
  return counterpartChange({ ...audited, record: counterpart, action: "counterpart.alias_changed", data: { alias } });
}

/** A `client` must exist in the counterpart's scope (422 otherwise). */
async function checkEntity(tx: Tx, scopeId: string, entity: { entityType: string; entityId: string }) {
  if (entity.entityType !== "client") return;
  const client = isUuid(entity.entityId)
    ? await tx.client.findFirst({ where: { id: entity.entityId, scopeId }, select: { id: true } })
    : null;
  if (!client) throw validationFailed({ entityId: ["No client with this id in this scope"] });
}

type Entity = { entityType: string; entityId: string };

/** Binds to an entity (a client of the scope, or any other kind of record by its type and id). */
export function bindEntity({ counterpart, entity, ...audited }: CounterpartEdit & { entity: Entity }) {
  const check = (tx: Tx) => checkEntity(tx, counterpart.scopeId, entity);
  return counterpartChange({
    ...audited,
    record: counterpart,
    action: "counterpart.entity_bound",
    data: entity,
    check,
  });
}

export function unbindEntity({ counterpart, ...audited }: CounterpartEdit) {
  const data = { entityType: null, entityId: null };
  return counterpartChange({ ...audited, record: counterpart, action: "counterpart.entity_unbound", data });
}
