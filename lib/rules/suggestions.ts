// Rules learned from a person's corrections: when a person has filed at least two transactions of one
// counterpart (its root, through consolidation) under the same category, and the scope's rules would
// not have done it, that rule is offered: "always file <counterpart> under <category>", with how many
// stored rows it would change if made first in the order. A person may dismiss one; it is not offered
// again. Read from the rows (category_source 'person'), so every way a person sets a category counts.
import "server-only";
import type { Tx } from "@/lib/db/client";
import { query } from "@/lib/db/sql";
import { validationFailed } from "@/lib/errors";
import { chainCte } from "@/lib/counterparts/sql";
import { Params } from "@/lib/rules/compile";
import { effectStatement, hitsSql, ROOT, ROW_TEXT } from "@/lib/rules/effect-sql";
import { parseRule, type ParsedRule } from "@/lib/rules/parse";
import type { Condition } from "@/lib/rules/schemas";

/** How many suggestions are offered at most, the most corrected first. */
const MOST = 10;

type Candidate = {
  root_id: string;
  category_id: string;
  corrections: number;
  members: string[];
  row_ids: string[];
  counterpart_name: string;
  category_name: string;
};

const CANDIDATES = `
WITH RECURSIVE ${chainCte("$1::uuid")}
, corrected AS (
  SELECT chain.root_id, t.category_id, count(*)::int AS corrections, array_agg(t.id) AS row_ids
    FROM transactions t JOIN chain ON chain.id = coalesce(t.bound_counterpart_id, t.counterpart_id)
   WHERE t.scope_id = $1::uuid AND t.category_source = 'person' AND t.category_id IS NOT NULL AND t.removed_at IS NULL
   GROUP BY chain.root_id, t.category_id
  HAVING count(*) >= 2
)
SELECT c.root_id, c.category_id, c.corrections, c.row_ids,
       (SELECT array_agg(m.id) FROM chain m WHERE m.root_id = c.root_id) AS members,
       coalesce(cp.alias, cp.name) AS counterpart_name, cat.name AS category_name
  FROM corrected c
  JOIN counterparts cp ON cp.id = c.root_id
  JOIN categories cat ON cat.id = c.category_id AND cat.archived_at IS NULL AND cat.merged_into_id IS NULL
 WHERE NOT EXISTS (SELECT 1 FROM rule_suggestion_dismissals d
                    WHERE d.scope_id = $1::uuid AND d.counterpart_id = c.root_id AND d.category_id = c.category_id)
 ORDER BY c.corrections DESC, c.root_id
 LIMIT ${MOST * 3}`;

/** The scope's enabled rules that parse, in order. */
async function enabledRules(db: Tx, scopeId: string): Promise<ParsedRule[]> {
  const stored = await db.rule.findMany({
    where: { scopeId, enabled: true },
    orderBy: [{ position: "asc" }, { id: "asc" }],
  });
  return stored.flatMap((r) => {
    const parsed = parseRule(r);
    return parsed.ok ? [parsed.rule] : [];
  });
}

/** Per row, the category the first matching rule that sets one would give it (null: none). */
async function ruleCategories(db: Tx, rules: ParsedRule[], ids: string[]): Promise<Map<string, string | null>> {
  const p = new Params([ids]);
  const sql = `SELECT t.id, ${hitsSql(rules, p)} AS hits FROM transactions t ${ROOT} ${ROW_TEXT} WHERE t.id = ANY($1::uuid[])`;
  const found = await query<{ id: string; hits: number[] }>(db, sql, ...p.values);
  const category = (hits: number[]) =>
    hits.map((i) => rules[i - 1].actions.categoryId).find((c) => c !== undefined) ?? null;
  return new Map(found.map((r) => [r.id, category(r.hits)]));
}

export function suggestedRule(c: {
  counterpartId: string;
  counterpartName: string;
  categoryId: string;
  categoryName: string;
}) {
  const conditions: Condition[] = [{ type: "counterpart", counterpartId: c.counterpartId, includeFamily: false }];
  return {
    name: `Always file ${c.counterpartName} under ${c.categoryName}`.slice(0, 120),
    conditions,
    actions: { categoryId: c.categoryId },
  };
}

async function wouldChange(db: Tx, scopeId: string, rule: ParsedRule, members: string[]): Promise<number> {
  const p = new Params();
  const selection = `t.scope_id = ${p.add(scopeId, "uuid")} AND coalesce(t.bound_counterpart_id, t.counterpart_id) = ANY(${p.add(members, "uuid[]")}) AND t.removed_at IS NULL`;
  const sql = effectStatement([rule], selection, p, { kind: "preview", earlierRuleIds: [] });
  const [row] = await query<{ changed: number }>(db, sql, ...p.values);
  return row.changed;
}

export async function listSuggestions(db: Tx, scopeId: string) {
  const candidates = await query<Candidate>(db, CANDIDATES, scopeId);
  if (!candidates.length) return [];
  const rules = await enabledRules(db, scopeId);
  const byRules = await ruleCategories(
    db,
    rules,
    candidates.flatMap((c) => c.row_ids),
  );
  const offered = candidates.filter((c) => c.row_ids.some((id) => byRules.get(id) !== c.category_id)).slice(0, MOST);
  // One after another: they share the request's transaction.
  const suggestions = [];
  for (const c of offered) {
    const names = {
      counterpartId: c.root_id,
      counterpartName: c.counterpart_name,
      categoryId: c.category_id,
      categoryName: c.category_name,
    };
    const rule = suggestedRule(names);
    const draft: ParsedRule = { id: "00000000-0000-0000-0000-000000000000", ...rule };
    suggestions.push({
      ...names,
      corrections: c.corrections,
      wouldChange: await wouldChange(db, scopeId, draft, c.members),
      rule,
    });
  }
  // The most corrected first, then the one that would file the most.
  return suggestions.sort((a, b) => b.corrections - a.corrections || b.wouldChange - a.wouldChange);
}

/** dismiss-rule-suggestion: that counterpart and category are not offered again (idempotent). */
export async function dismissSuggestion(
  db: Tx,
  scopeId: string,
  userId: string | null,
  pair: { counterpartId: string; categoryId: string },
): Promise<void> {
  const counterparts = await db.counterpart.count({ where: { id: pair.counterpartId, scopeId } });
  const categories = await db.category.count({ where: { id: pair.categoryId, scopeId } });
  if (!counterparts || !categories)
    throw validationFailed({ [counterparts ? "categoryId" : "counterpartId"]: ["Not one of this scope's"] });
  await db.ruleSuggestionDismissal.createMany({
    data: [{ scopeId, counterpartId: pair.counterpartId, categoryId: pair.categoryId, dismissedById: userId }],
    skipDuplicates: true,
  });
}
