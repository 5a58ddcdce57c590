// A scope's rules: listed in order, made, changed, deleted and reordered by its members, each verb in
// one transaction with its audit row. The ids a rule names (category, counterparts, accounts) must be
// the scope's own (422 otherwise). An edit clears a failure the sync recorded and resolves its
// notification: the rule is tried again on the next page.
import "server-only";
import { actorUserId } from "@/lib/audit/actor";
import type { Audited } from "@/lib/audit/audited-change";
import { recordAudit } from "@/lib/audit/record";
import type { Tx } from "@/lib/db/client";
import { execute } from "@/lib/db/sql";
import { transaction } from "@/lib/db/transaction";
import { notFound, validationFailed } from "@/lib/errors";
import type { Rule } from "@/lib/generated/prisma/client";
import { resolveNotification } from "@/lib/notifications/notify";
import type { Actions, Condition } from "@/lib/rules/schemas";

export function serializeRule(r: Rule) {
  return {
    id: r.id,
    name: r.name,
    position: r.position,
    enabled: r.enabled,
    origin: r.origin,
    // Stored only from the validated body (lib/rules/schemas.ts), or by the migration's defaults.
    conditions: r.conditions as Condition[],
    actions: r.actions as Actions,
    failedAt: r.failedAt?.toISOString() ?? null,
    failure: r.failure,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
export type RuleAnswer = ReturnType<typeof serializeRule>;

const audited = (r: Rule) => ({ name: r.name, enabled: r.enabled, conditions: r.conditions, actions: r.actions });

export async function findRule(db: Tx, scopeId: string, id: string): Promise<Rule> {
  const rule = await db.rule.findFirst({ where: { id, scopeId } });
  if (!rule) throw notFound("Rule");
  return rule;
}

export async function listRules(db: Tx, scopeId: string) {
  const rows = await db.rule.findMany({ where: { scopeId }, orderBy: [{ position: "asc" }, { id: "asc" }] });
  return rows.map(serializeRule);
}

/** 422 naming the field when a rule names a category, counterpart or account of another scope. */
async function checkReferences(db: Tx, scopeId: string, conditions?: Condition[], actions?: Actions) {
  const problems: Record<string, string[]> = {};
  if (actions?.categoryId) {
    const found = await db.category.count({ where: { id: actions.categoryId, scopeId, mergedIntoId: null } });
    if (!found) problems["actions.categoryId"] = ["No category with this id in this scope"];
  }
  const counterparts = [
    ...(conditions ?? []).flatMap((c) => (c.type === "counterpart" ? [c.counterpartId] : [])),
    ...(actions?.bindCounterpartId ? [actions.bindCounterpartId] : []),
  ];
  if (counterparts.length) {
    const found = await db.counterpart.count({ where: { id: { in: counterparts }, scopeId } });
    if (found !== new Set(counterparts).size) problems.conditions = ["Names a counterpart that is not in this scope"];
  }
  const accounts = (conditions ?? []).flatMap((c) => (c.type === "account" ? c.accountIds : []));
  if (accounts.length) {
    const found = await db.trackedAccount.count({ where: { id: { in: accounts }, scopeId } });
    if (found !== new Set(accounts).size) problems.conditions = ["Names an account that is not in this scope"];
  }
  if (Object.keys(problems).length) throw validationFailed(problems);
}

type Draft = { name: string; enabled: boolean; conditions: Condition[]; actions: Actions; position?: number };

/** create-rule, the verb: at `position` (the others after it move down one), else last. */
export function createRule({
  scopeId,
  draft,
  origin,
  actor,
  commit = transaction,
}: { scopeId: string; draft: Draft; origin: "person" | "suggestion" } & Audited<RuleAnswer>) {
  return commit(async (db) => {
    await lockRules(db, scopeId);
    await checkReferences(db, scopeId, draft.conditions, draft.actions);
    const last = await db.rule.aggregate({ where: { scopeId }, _max: { position: true } });
    const end = (last._max.position ?? -1) + 1;
    const position = Math.min(draft.position ?? end, end);
    if (position < end)
      await db.rule.updateMany({
        where: { scopeId, position: { gte: position } },
        data: { position: { increment: 1 } },
      });
    const rule = await db.rule.create({
      data: {
        scopeId,
        name: draft.name,
        enabled: draft.enabled,
        conditions: draft.conditions,
        actions: draft.actions,
        position,
        origin,
        createdById: actorUserId(actor),
      },
    });
    await recordAudit(db, scopeId, actor, {
      action: "rule.created",
      recordType: "rule",
      recordId: rule.id,
      after: audited(rule),
    });
    return serializeRule(rule);
  });
}

type Change = { name?: string; enabled?: boolean; conditions?: Condition[]; actions?: Actions };

/** update-rule, the verb. */
export function updateRule({
  rule,
  change,
  actor,
  commit = transaction,
}: { rule: Rule; change: Change } & Audited<RuleAnswer>) {
  return commit(async (db) => {
    await checkReferences(db, rule.scopeId, change.conditions, change.actions);
    const after = await db.rule.update({
      where: { id: rule.id },
      data: { ...change, failedAt: null, failure: null, updatedAt: new Date() },
    });
    await resolveNotification(db, rule.scopeId, `rule.failed:${rule.id}`);
    await recordAudit(db, rule.scopeId, actor, {
      action: "rule.updated",
      recordType: "rule",
      recordId: rule.id,
      before: audited(rule),
      after: audited(after),
    });
    return serializeRule(after);
  });
}

/** delete-rule, the verb: what it did stays (a category it set keeps its rule's id; undo still works). */
export function deleteRule({ rule, actor, commit = transaction }: { rule: Rule } & Audited<void>) {
  return commit(async (db) => {
    await db.rule.delete({ where: { id: rule.id } });
    await resolveNotification(db, rule.scopeId, `rule.failed:${rule.id}`);
    await recordAudit(db, rule.scopeId, actor, {
      action: "rule.deleted",
      recordType: "rule",
      recordId: rule.id,
      before: audited(rule),
    });
  });
}

/** reorder-rules, the verb: `ids` is every rule of the scope, once, in the new order. */
export function reorderRules({
  scopeId,
  ids,
  actor,
  commit = transaction,
}: { scopeId: string; ids: string[] } & Audited<RuleAnswer[]>) {
  return commit(async (db) => {
    await lockRules(db, scopeId);
    const rules = await db.rule.findMany({ where: { scopeId }, select: { id: true }, orderBy: { position: "asc" } });
    const known = new Set(rules.map((r) => r.id));
    if (new Set(ids).size !== ids.length || ids.length !== known.size || ids.some((id) => !known.has(id)))
      throw validationFailed({ ids: ["Name every rule of this scope exactly once"] });
    await execute(
      db,
      `UPDATE rules r SET position = o.n - 1, updated_at = now()
         FROM unnest($2::uuid[]) WITH ORDINALITY AS o(id, n) WHERE r.id = o.id AND r.scope_id = $1::uuid`,
      scopeId,
      ids,
    );
    await recordAudit(db, scopeId, actor, {
      action: "rule.reordered",
      recordType: "rule",
      recordId: ids[0],
      before: { ids: rules.map((r) => r.id) },
      after: { ids },
    });
    return listRules(db, scopeId);
  });
}

/** Rules of a scope are numbered under this lock, so two writers never give two the same place. */
async function lockRules(db: Tx, scopeId: string) {
  await execute(db, "SELECT pg_advisory_xact_lock(hashtext('rules:' || $1))", scopeId);
}
