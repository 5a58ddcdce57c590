// "Apply to existing": one rule over the scope's stored rows. Preview counts the rows it would change;
// apply records an application and queues it (pg-boss queue rule-apply, in the same transaction), and
// the worker writes it in batches of the scope's rows, each batch one transaction that saves every
// changed row's values before (rule_application_changes) and moves the progress. Undo puts those
// values back in one statement, in one transaction, except on a field a person has edited since.
// The rule's precedence holds: a category set by an earlier rule (position) or a person stays.
import "server-only";
import { applicationInFlight, canMoveApplication, moveApplication } from "@/lib/rules/application-lifecycle";
import { recordAudit } from "@/lib/audit/record";
import type { Audited } from "@/lib/audit/audited-change";
import { actorUserId } from "@/lib/audit/actor";
import type { PoolClient } from "pg";
import { pgTransaction, pool, type Tx } from "@/lib/db/client";
import { execute, query, rows, type SqlDb } from "@/lib/db/sql";
import { transaction } from "@/lib/db/transaction";
import { ApiError, notFound } from "@/lib/errors";
import type { Rule, RuleApplication } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";
import { Params } from "@/lib/rules/compile";
import { effectStatement } from "@/lib/rules/effect-sql";
import { parseRule, type ParsedRule } from "@/lib/rules/parse";
import { boss, insertJobs, RULE_APPLY_QUEUE } from "@/lib/sync/queue";

export type RuleApplyJob = { applicationId: string };

/** Rows a batch looks at: small enough that a batch's transaction is short beside a sync's pages. */
export const APPLY_BATCH = 20_000;

export function serializeApplication(a: RuleApplication) {
  return {
    id: a.id,
    ruleId: a.ruleId,
    state: a.state as "queued" | "running" | "done" | "failed" | "undone",
    total: a.total,
    processed: a.processed,
    changed: a.changed,
    error: a.error,
    createdAt: a.createdAt.toISOString(),
    finishedAt: a.finishedAt?.toISOString() ?? null,
    undoneAt: a.undoneAt?.toISOString() ?? null,
  };
}
export type ApplicationAnswer = ReturnType<typeof serializeApplication>;

/** The rule as it stands, or 422 when its stored form no longer parses (the person corrects it first). */
function parsed(rule: Pick<Rule, "id" | "name" | "conditions" | "actions">): ParsedRule {
  const result = parseRule(rule);
  if (!result.ok) throw new ApiError("validation_failed", `The rule cannot run: ${result.reason}`);
  return result.rule;
}

async function earlierRuleIds(db: SqlDb, rule: Pick<Rule, "id" | "scopeId" | "position">): Promise<string[]> {
  const found = await rows<{ id: string }>(
    db,
    `SELECT id FROM rules WHERE scope_id = $1::uuid AND enabled AND id <> $3::uuid AND (position < $2 OR (position = $2 AND id < $3::uuid))`,
    [rule.scopeId, rule.position, rule.id],
  );
  return found.map((r) => r.id);
}

const scopeRows = (p: Params, scopeId: string) => `t.scope_id = ${p.add(scopeId, "uuid")} AND t.removed_at IS NULL`;

/** How many of the scope's rows the rule (or a draft of it) would change now. */
export async function previewRule(db: Tx, rule: Rule, draft: Partial<Pick<Rule, "conditions" | "actions">> = {}) {
  const candidate = parsed({ ...rule, ...draft });
  const p = new Params();
  const earlier = await earlierRuleIds(db, rule);
  const sql = effectStatement([candidate], scopeRows(p, rule.scopeId), p, { kind: "preview", earlierRuleIds: earlier });
  const [row] = await query<{ changed: number }>(db, sql, ...p.values);
  return { changed: row.changed };
}

/** How many rows a rule not saved yet would change, made last in the order (the form's live count). */
export async function previewDraft(db: Tx, scopeId: string, draft: Pick<Rule, "conditions" | "actions">) {
  const candidate = parsed({ id: "00000000-0000-0000-0000-000000000000", name: "draft", ...draft });
  const enabled = await db.rule.findMany({ where: { scopeId, enabled: true }, select: { id: true } });
  const p = new Params();
  const sql = effectStatement([candidate], scopeRows(p, scopeId), p, {
    kind: "preview",
    earlierRuleIds: enabled.map((r) => r.id),
  });
  const [row] = await query<{ changed: number }>(db, sql, ...p.values);
  return { changed: row.changed };
}

/** apply-rule, the verb: the application recorded and its job queued, together. */
export function requestApply({ rule, actor, commit = transaction }: { rule: Rule } & Audited<ApplicationAnswer>) {
  parsed(rule);
  return commit(async (db) => {
    const [{ total }] = await query<{ total: number }>(
      db,
      "SELECT count(*)::int AS total FROM transactions WHERE scope_id = $1::uuid AND removed_at IS NULL",
      rule.scopeId,
    );
    const application = await db.ruleApplication.create({
      data: { scopeId: rule.scopeId, ruleId: rule.id, total, createdById: actorUserId(actor) },
    });
    const data: RuleApplyJob = { applicationId: application.id };
    await insertJobs(await boss(), db, [
      { name: RULE_APPLY_QUEUE, data, retryLimit: 2, retryDelay: 5, expireInSeconds: 3600 },
    ]);
    await recordAudit(db, rule.scopeId, actor, {
      action: "rule.applied",
      recordType: "rule_application",
      recordId: application.id,
      after: { ruleId: rule.id, name: rule.name, total },
    });
    return serializeApplication(application);
  });
}

/**
 * The job: runs the application to its end, batch by batch (a batch already written is not written
 * again when a retried job resumes: it starts after the last id its progress saved).
 */
export async function runApplication(applicationId: string, batch = APPLY_BATCH): Promise<void> {
  const app = await moveApplication<{ scope_id: string; rule_id: string; resume: string | null }>(
    pool(),
    applicationId,
    "running",
    {
      returning: `scope_id, rule_id,
        (SELECT max(transaction_id::text) FROM rule_application_changes WHERE application_id = $1::uuid) AS resume`,
    },
  );
  if (!app) return;
  try {
    const [stored] = await rows<Rule>(
      pool(),
      `SELECT id, name, position, conditions, actions, scope_id AS "scopeId" FROM rules WHERE id = $1::uuid`,
      [app.rule_id],
    );
    if (!stored) throw new Error("the rule was deleted before it could be applied");
    const rule = parsed(stored);
    const earlier = await earlierRuleIds(pool(), stored);
    // Resumed by a retried job: after the last row it changed (rows before it were looked at).
    let after = app.resume ?? "00000000-0000-0000-0000-000000000000";
    for (;;) {
      const batchDone = await pgTransaction((client) =>
        applyBatch(client, { applicationId, rule, earlier, scopeId: app.scope_id, after, batch }),
      );
      if (!batchDone) break;
      after = batchDone;
    }
    await moveApplication(pool(), applicationId, "done");
  } catch (error) {
    log.error("a rule application failed; what it wrote so far can be undone", { applicationId, error });
    await moveApplication(pool(), applicationId, "failed", {
      error: error instanceof Error ? error.message.slice(0, 500) : "failed",
    });
  }
}

type Batch = {
  applicationId: string;
  rule: ParsedRule;
  earlier: string[];
  scopeId: string;
  after: string;
  batch: number;
};

/** One batch of the scope's rows by id after `after`: written, progress moved; the next batch's start, or null at the end. */
async function applyBatch(client: PoolClient, { applicationId, rule, earlier, scopeId, after, batch }: Batch) {
  const [bounds] = await rows<{ last: string | null; seen: number }>(
    client,
    `SELECT (array_agg(id ORDER BY id DESC))[1]::text AS last, count(*)::int AS seen
       FROM (SELECT id FROM transactions WHERE scope_id = $1::uuid AND id > $2::uuid ORDER BY id LIMIT $3) b`,
    [scopeId, after, batch],
  );
  if (!bounds.last) return null;
  const p = new Params();
  const selection = `t.scope_id = ${p.add(scopeId, "uuid")} AND t.id > ${p.add(after, "uuid")} AND t.id <= ${p.add(bounds.last, "uuid")} AND t.removed_at IS NULL`;
  const sql = effectStatement([rule], selection, p, { kind: "apply", applicationId, earlierRuleIds: earlier });
  const [written] = await rows<{ changed: number }>(client, sql, p.values);
  await client.query(
    `UPDATE rule_applications SET processed = processed + $2, changed = changed + $3 WHERE id = $1::uuid`,
    [applicationId, bounds.seen, written.changed],
  );
  return bounds.seen < batch ? null : bounds.last;
}

export async function findApplication(db: Tx, scopeId: string, id: string): Promise<RuleApplication> {
  const found = await db.ruleApplication.findFirst({ where: { id, scopeId } });
  if (!found) throw notFound("Rule application");
  return found;
}

// Every field back to what it was, unless a person has edited it since (a person's edit wins).
const UNDO = `
UPDATE transactions t SET
  category_id = CASE WHEN 'category' = ANY(t.person_fields) OR t.category_source = 'person' THEN t.category_id ELSE c.category_id END,
  category_source = CASE WHEN 'category' = ANY(t.person_fields) OR t.category_source = 'person' THEN t.category_source ELSE c.category_source END,
  category_rule_id = CASE WHEN 'category' = ANY(t.person_fields) OR t.category_source = 'person' THEN t.category_rule_id ELSE c.category_rule_id END,
  tags = CASE WHEN 'tags' = ANY(t.person_fields) THEN t.tags ELSE c.tags END,
  note = CASE WHEN 'note' = ANY(t.person_fields) THEN t.note ELSE c.note END,
  transfer_override = CASE WHEN 'transfer' = ANY(t.person_fields) THEN t.transfer_override ELSE c.transfer_override END,
  bound_counterpart_id = CASE WHEN 'counterpart' = ANY(t.person_fields) THEN t.bound_counterpart_id ELSE c.bound_counterpart_id END
FROM rule_application_changes c
WHERE c.application_id = $1::uuid AND t.id = c.transaction_id AND t.scope_id = $2::uuid`;

/** undo-rule-application, the verb: one step; refused (409) while it runs and once undone. */
export function undoApplication({
  application,
  actor,
  commit = transaction,
}: { application: RuleApplication } & Audited<ApplicationAnswer>) {
  return commit(async (db) => {
    const [current] = await query<{ state: string }>(
      db,
      "SELECT state FROM rule_applications WHERE id = $1::uuid FOR UPDATE",
      application.id,
    );
    if (current && applicationInFlight(current.state))
      throw new ApiError("conflict", "This application is still running; undo it once it has finished.");
    if (!current || !canMoveApplication(current.state, "undone"))
      throw new ApiError("conflict", "This application was already undone.");
    const restored = await execute(db, UNDO, application.id, application.scopeId);
    await moveApplication(db, application.id, "undone");
    const after = await db.ruleApplication.findUniqueOrThrow({ where: { id: application.id } });
    const rule = await db.rule.findFirst({ where: { id: application.ruleId }, select: { name: true } });
    await recordAudit(db, application.scopeId, actor, {
      action: "rule.application_undone",
      recordType: "rule_application",
      recordId: application.id,
      before: { ruleId: application.ruleId, name: rule?.name ?? null, changed: application.changed },
      after: { restored },
    });
    return serializeApplication(after);
  });
}
