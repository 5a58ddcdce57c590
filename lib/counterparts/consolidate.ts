// Consolidation: several counterparts merged into one target, recorded so the whole merge can be
// undone. Members keep their own rows, keys and raw names (merged_into_id only), so undo restores
// exactly what was there. Members and target must be roots (not consolidated already) and outside
// families, so a merge never hides a family link. Both verbs take the scope's counterpart lock in
// their one transaction, so a merge, its undo and a family link never interleave.
//   consolidate: the merge written, its answer with it                     → consolidate.committed
import "server-only";
import { ApiError, conflict, notFound, validationFailed } from "@/lib/errors";
import type { Audited } from "@/lib/audit/audited-change";
import { recordAudit } from "@/lib/audit/record";
import { crashPoint } from "@/lib/crash-points";
import type { Tx } from "@/lib/db/client";
import { execute } from "@/lib/db/sql";
import { transaction } from "@/lib/db/transaction";
import type { CounterpartConsolidation } from "@/lib/generated/prisma/client";

export function serializeConsolidation(c: CounterpartConsolidation) {
  return {
    id: c.id,
    targetId: c.targetId,
    memberIds: c.memberIds,
    createdAt: c.createdAt.toISOString(),
    undoneAt: c.undoneAt?.toISOString() ?? null,
  };
}

export async function lockScope(db: Tx, scopeId: string) {
  await execute(db, "SELECT pg_advisory_xact_lock(hashtext('counterparts:' || $1))", scopeId);
}

type Consolidate = {
  scopeId: string;
  userId: string;
  targetId: string;
  memberIds: string[];
} & Audited<CounterpartConsolidation>;

export async function consolidate({ commit = transaction, ...input }: Consolidate): Promise<CounterpartConsolidation> {
  const record = await commit((tx) => merge(tx, input));
  crashPoint("consolidate.committed");
  return record;
}

async function merge(db: Tx, { scopeId, userId, actor, ...input }: Omit<Consolidate, "commit">) {
  await lockScope(db, scopeId);
  const memberIds = [...new Set(input.memberIds)];
  if (memberIds.includes(input.targetId))
    throw validationFailed({ memberIds: ["The target cannot be one of its own members"] });
  const all = await db.counterpart.findMany({ where: { scopeId, id: { in: [input.targetId, ...memberIds] } } });
  const byId = new Map(all.map((c) => [c.id, c]));
  if (!byId.has(input.targetId)) throw validationFailed({ targetId: ["No counterpart with this id in this scope"] });
  const missing = memberIds.filter((id) => !byId.has(id));
  if (missing.length) throw validationFailed({ memberIds: [`Not counterparts in this scope: ${missing.join(", ")}`] });
  const merged = all.filter((c) => c.mergedIntoId !== null);
  if (merged.length)
    throw conflict(
      `Already consolidated into another counterpart: ${merged.map((c) => c.id).join(", ")}. Use its target or undo that first.`,
    );
  const inFamily = await db.counterpart.count({
    where: { scopeId, OR: [{ id: { in: memberIds }, parentId: { not: null } }, { parentId: { in: memberIds } }] },
  });
  if (inFamily > 0) throw conflict("A member is part of a family; unlink it before consolidating.");
  const record = await db.counterpartConsolidation.create({
    data: { scopeId, targetId: input.targetId, memberIds, createdById: userId },
  });
  await db.counterpart.updateMany({
    where: { scopeId, id: { in: memberIds } },
    data: { mergedIntoId: input.targetId, consolidationId: record.id, updatedAt: new Date() },
  });
  await recordAudit(db, scopeId, actor, {
    action: "counterpart.merged",
    recordType: "consolidation",
    recordId: record.id,
    after: { targetId: record.targetId, memberIds: record.memberIds },
  });
  return record;
}

export async function findConsolidation(db: Tx, scopeId: string, id: string) {
  const record = await db.counterpartConsolidation.findFirst({ where: { id, scopeId } });
  if (!record) throw notFound("Consolidation");
  return record;
}

type Undo = { consolidation: CounterpartConsolidation } & Audited<CounterpartConsolidation>;

/** undo-consolidation, the verb: every member is its own counterpart again (a second undo → 409). */
export function undoConsolidation({ consolidation, actor, commit = transaction }: Undo) {
  return commit(async (db) => {
    await lockScope(db, consolidation.scopeId);
    const record = await findConsolidation(db, consolidation.scopeId, consolidation.id);
    return undo(db, record, actor);
  });
}

async function undo(db: Tx, record: CounterpartConsolidation, actor: Undo["actor"]) {
  if (record.undoneAt) throw new ApiError("conflict", "This consolidation was already undone.");
  await db.counterpart.updateMany({
    where: { scopeId: record.scopeId, consolidationId: record.id },
    data: { mergedIntoId: null, consolidationId: null, updatedAt: new Date() },
  });
  await recordAudit(db, record.scopeId, actor, {
    action: "counterpart.merge_undone",
    recordType: "consolidation",
    recordId: record.id,
    before: { targetId: record.targetId, memberIds: record.memberIds },
  });
  return db.counterpartConsolidation.update({ where: { id: record.id }, data: { undoneAt: new Date() } });
}
