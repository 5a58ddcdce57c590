// Rules on import: run by the sync inside a page's transaction (lib/sync/page-write.ts). New rows
// whose counterpart is known are filed as the upsert inserts them (lib/sync/filing.ts); the rest (rows
// the bank changed, rows whose counterpart was assigned after) here, after the counterparts. One
// statement for all the scope's enabled rules either way (lib/rules/effect-sql.ts). A rule that cannot run must
// not fail the sync: a stored rule its schemas refuse, or one whose SQL fails on this page's data,
// is left out (the statement runs again without it under a savepoint), marked failed on the rule and
// told to the scope's members (notification kind rule.failed).
import "server-only";
import type { PoolClient } from "pg";
import { log } from "@/lib/log";
import { notify } from "@/lib/notifications/notify";
import { Params } from "@/lib/rules/compile";
import { effectStatement } from "@/lib/rules/effect-sql";
import { evaluator, type RuleEvaluator } from "@/lib/rules/evaluate";
import { parseRule, type ParsedRule } from "@/lib/rules/parse";

type Client = Pick<PoolClient, "query">;

const SELECTION = (p: Params, scopeId: string, ids: string[]) =>
  `t.id = ANY(${p.add(ids, "uuid[]")}) AND t.scope_id = ${p.add(scopeId, "uuid")} AND t.removed_at IS NULL`;

async function runStatement(
  client: Client,
  scopeId: string,
  ids: string[],
  rules: readonly ParsedRule[],
): Promise<number> {
  const p = new Params();
  const sql = effectStatement(rules, SELECTION(p, scopeId, ids), p, { kind: "sync" });
  const { rows } = await client.query<{ changed: number }>(sql, p.values);
  return rows[0].changed;
}

/**
 * What a rule's SQL can fail with on some rows: a data exception (class 22: a value out of range or
 * of the wrong form) or a statement PostgreSQL refuses (class 42). Anything else (a deadlock, a
 * serialization failure, a lost connection) is the transaction's, not the rule's: it goes up, and
 * the page's transaction is run again whole (lib/db/retry.ts).
 */
function isRuleError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && (code.startsWith("22") || code.startsWith("42"));
}

/**
 * Runs `run` under a savepoint: a rule's failure (isRuleError) rolls back only this attempt; a
 * probe is always rolled back. Any other failure goes up as it is.
 */
async function attempt<T>(
  client: Client,
  run: () => Promise<T>,
  { probe = false } = {},
): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  await client.query("SAVEPOINT rules");
  try {
    const value = await run();
    if (probe) await client.query("ROLLBACK TO SAVEPOINT rules");
    await client.query("RELEASE SAVEPOINT rules");
    return { ok: true, value };
  } catch (error) {
    if (!isRuleError(error)) throw error;
    await client.query("ROLLBACK TO SAVEPOINT rules");
    await client.query("RELEASE SAVEPOINT rules");
    return { ok: false, error };
  }
}

export async function markFailed(client: Client, scopeId: string, rule: { id: string; name: string }, reason: string) {
  log.warn("a rule could not run; the sync went on without it", { ruleId: rule.id, reason });
  await client.query(`UPDATE rules SET failed_at = now(), failure = $3 WHERE id = $1::uuid AND scope_id = $2::uuid`, [
    rule.id,
    scopeId,
    reason.slice(0, 500),
  ]);
  await notify(client, scopeId, {
    kind: "rule.failed",
    dedupeKey: `rule.failed:${rule.id}`,
    severity: "warning",
    title: `The rule “${rule.name}” could not run`,
    body: `New transactions were saved without it (${reason.slice(0, 200)}). Open the rule, correct it and save it again.`,
    href: "/rules",
    subject: { type: "rule", id: rule.id },
  });
}

/**
 * What loadRules read, kept by a sync run from one page to the next (lib/sync/runner.ts): while the
 * stored rules read the same, they are not parsed again and the same list and its compiled evaluator
 * (lib/rules/evaluate.ts) serve.
 */
export class RulesSeen {
  text: string | null = null;
  rules: ParsedRule[] = [];
  evaluator: RuleEvaluator = evaluator([]);
  /** The stored rules its schemas refuse that were not yet marked failed when read. */
  refused: { id: string; name: string; reason: string }[] = [];
}

type StoredRuleText = { id: string; name: string; conditions: string; actions: string; failed_at: Date | null };

/**
 * The scope's enabled rules, in their order. A stored rule its schemas refuse is left out, and marked
 * failed and told the first time (again on a later page if that page's transaction was rolled back).
 */
export async function loadRules(client: Client, scopeId: string, seen = new RulesSeen()): Promise<ParsedRule[]> {
  const { rows: stored } = await client.query<StoredRuleText>(
    `SELECT id, name, conditions::text AS conditions, actions::text AS actions, failed_at
       FROM rules WHERE scope_id = $1::uuid AND enabled ORDER BY position, id`,
    [scopeId],
  );
  const text = stored
    .map((r) => [r.id, r.name, r.conditions, r.actions, r.failed_at ? "failed" : ""].join("\u0000"))
    .join("\u0001");
  if (seen.text !== text) {
    seen.text = text;
    seen.rules = [];
    seen.refused = [];
    for (const row of stored) {
      const parsed = parseRule({ ...row, conditions: JSON.parse(row.conditions), actions: JSON.parse(row.actions) });
      if (parsed.ok) seen.rules.push(parsed.rule);
      else if (!row.failed_at) seen.refused.push({ id: row.id, name: row.name, reason: parsed.reason });
    }
    seen.evaluator = evaluator(seen.rules);
  }
  for (const rule of seen.refused) await markFailed(client, scopeId, rule, rule.reason);
  return seen.rules;
}

/**
 * Applies `rules` (loadRules), then counterpart defaults, to the rows `ids` (the page's new and
 * changed rows) in the caller's transaction; answers how many rows it wrote.
 */
export async function applyRulesToRows(
  client: Client,
  scopeId: string,
  ids: string[],
  rules: readonly ParsedRule[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const first = await attempt(client, () => runStatement(client, scopeId, ids, rules));
  if (first.ok) return first.value;
  // Which rule fails on these rows: each alone, then the statement again without those.
  const failing: ParsedRule[] = [];
  for (const rule of rules) {
    const alone = await attempt(client, () => runStatement(client, scopeId, ids, [rule]), { probe: true });
    if (!alone.ok) failing.push(rule);
  }
  const reason = first.error instanceof Error ? first.error.message : String(first.error);
  for (const rule of failing) await markFailed(client, scopeId, rule, reason);
  return runStatement(
    client,
    scopeId,
    ids,
    rules.filter((r) => !failing.includes(r)),
  );
}
