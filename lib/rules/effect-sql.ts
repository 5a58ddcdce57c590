// The one statement that runs rules over stored transactions: it finds, per row, which rules match
// (in position order), works out what they do, and writes only the rows whose values move. Used by
// the sync for a page's changed rows and those whose counterpart came after (lib/rules/engine.ts) and
// by "apply to existing" for a batch of the scope's rows (lib/rules/apply.ts), so both say the same
// thing about who wins (a new row is filed as the sync inserts it, by lib/rules/evaluate.ts, which a
// test holds to this statement):
//   - a field a person edited (person_fields, or a category whose source is 'person') is never written;
//   - the category is the first matching rule's that sets one; in the sync, else the effective
//     counterpart's default (source 'counterpart'), else none; "apply" touches only matching rows and
//     leaves a category set by an earlier rule;
//   - tags are added (a set), a note written only where there is none, the transfer mark and a
//     counterpart binding only where none is set.
// The effective counterpart is coalesce(bound, derived) followed through merged_into_id to its root.
import { compileConditions, Params } from "@/lib/rules/compile";
import type { ParsedRule } from "@/lib/rules/parse";

export type EffectMode =
  | { kind: "sync" }
  /** `earlierRuleIds`: rules before this one, whose category this apply leaves alone. */
  | { kind: "apply"; applicationId: string; earlierRuleIds: string[] }
  /** As apply, but only counts the rows it would change. */
  | { kind: "preview"; earlierRuleIds: string[] };

// `r`: the root of row `t`'s effective counterpart, its parent (a family) and its default category.
export const ROOT = `LEFT JOIN LATERAL (
    WITH RECURSIVE up(id, merged_into_id, depth) AS (
      SELECT c.id, c.merged_into_id, 0 FROM counterparts c WHERE c.id = coalesce(t.bound_counterpart_id, t.counterpart_id)
      UNION ALL
      SELECT c.id, c.merged_into_id, up.depth + 1 FROM up JOIN counterparts c ON c.id = up.merged_into_id WHERE up.depth < 50
    )
    SELECT c.id AS root_id, c.parent_id, c.default_category_id
      FROM up JOIN counterparts c ON c.id = up.id WHERE up.merged_into_id IS NULL LIMIT 1
  ) r ON true`;

// `w`: row `t`'s text as words are searched (compile.ts wordKey), each field after a space. Worked
// out once a row: OFFSET 0 keeps the subquery from being flattened into its uses, which made every
// rule's word test run the regular expressions again (50 rules over 1,000 rows: 218 ms, 65 ms with it).
export const ROW_TEXT = `CROSS JOIN LATERAL (
    SELECT ' ' || regexp_replace(lower(coalesce(t.remittance_information, '')), '[[:space:][:punct:]]+', ' ', 'g') AS remittance,
           ' ' || regexp_replace(lower(concat_ws(' ', t.creditor_name, t.debtor_name, t.ultimate_creditor, t.ultimate_debtor)),
                                 '[[:space:][:punct:]]+', ' ', 'g') AS names
    OFFSET 0
  ) w`;

const COLUMNS = [
  ["category_id", "uuid"],
  ["category_source", "category_source"],
  ["category_rule_id", "uuid"],
  ["tags", "text[]"],
  ["note", "text"],
  ["transfer_override", "boolean"],
  ["bound_counterpart_id", "uuid"],
] as const;
const NAMES = COLUMNS.map(([c]) => c);
const tuple = (alias: string, prefix = "") => `(${NAMES.map((c) => `${alias}.${prefix}${c}`).join(", ")})`;

const WRITE = `, written AS (
  UPDATE transactions t SET ${NAMES.map((c) => `${c} = c.new_${c}`).join(", ")}
    FROM changes c WHERE t.id = c.id
  RETURNING t.id
)`;

/** The 1-based places in `rules` of those whose conditions row `t` (with `r`, ROOT) meets, in order. */
export function hitsSql(rules: readonly ParsedRule[], p: Params): string {
  if (!rules.length) return "'{}'::int[]";
  const each = rules.map((r, i) => `CASE WHEN ${compileConditions(r.conditions, p)} THEN ${i + 1} END`);
  return `array_remove(ARRAY[${each.join(", ")}]::int[], NULL)`;
}

/**
 * The CTEs `picked`, `matched` and `effect` over the transactions `t` that `selection` picks (SQL on
 * `t`, its values already in `p`): `effect` has per row its `id`, and each written column's `old_`
 * and `new_` value.
 */
// Materialised: each row's matches are worked out once. Inlined, every later use of `hits` evaluated
// all the rules' conditions again (ten times a row; a page of 1,000 rows with 50 rules took 6.6 s).
function effectCtes(rules: readonly ParsedRule[], selection: string, p: Params, mode: EffectMode): string {
  const hits = hitsSql(rules, p);
  const cats = p.add(
    rules.map((r) => r.actions.categoryId ?? null),
    "uuid[]",
  );
  const ids = p.add(
    rules.map((r) => r.id),
    "uuid[]",
  );
  const tags = p.add(JSON.stringify(rules.map((r) => r.actions.addTags ?? [])), "jsonb");
  const notes = p.add(
    rules.map((r) => r.actions.note ?? null),
    "text[]",
  );
  const transfer = p.add(
    rules.map((r) => r.actions.markTransfer ?? false),
    "boolean[]",
  );
  const bind = p.add(
    rules.map((r) => r.actions.bindCounterpartId ?? null),
    "uuid[]",
  );
  // The value of the first matching rule (in position order) that has one in `when`.
  const first = (array: string, when = array) =>
    `(SELECT (${array})[h.i] FROM unnest(m.hits) WITH ORDINALITY AS h(i, o) WHERE (${when})[h.i] IS NOT NULL ORDER BY h.o LIMIT 1)`;
  const sync = mode.kind === "sync";
  const earlier = sync ? "" : p.add(mode.earlierRuleIds, "uuid[]");
  const keepCategory = `'category' = ANY(m.person_fields) OR m.category_source = 'person'${
    sync ? "" : ` OR m.rule_cat IS NULL OR (m.category_source = 'rule' AND m.category_rule_id = ANY(${earlier}))`
  }`;
  const matched = sync ? "" : "WHERE cardinality(m.hits) > 0";
  return `picked AS MATERIALIZED (
  SELECT t.id, ${NAMES.map((c) => `t.${c}`).join(", ")}, t.person_fields, r.default_category_id, ${hits} AS hits
    FROM transactions t ${ROOT} ${ROW_TEXT}
   WHERE ${selection}
), matched AS MATERIALIZED (
  SELECT m.*, ${first(cats)} AS rule_cat, ${first(ids, cats)} AS cat_rule FROM picked m
), effect AS (
  SELECT m.id, ${NAMES.map((c) => `m.${c} AS old_${c}`).join(", ")},
         CASE WHEN ${keepCategory} THEN m.category_id WHEN m.rule_cat IS NOT NULL THEN m.rule_cat
              ELSE m.default_category_id END AS new_category_id,
         CASE WHEN ${keepCategory} THEN m.category_source WHEN m.rule_cat IS NOT NULL THEN 'rule'::category_source
              WHEN m.default_category_id IS NOT NULL THEN 'counterpart'::category_source END AS new_category_source,
         CASE WHEN ${keepCategory} THEN m.category_rule_id ELSE m.cat_rule END AS new_category_rule_id,
         CASE WHEN 'tags' = ANY(m.person_fields) THEN m.tags
              ELSE m.tags || ARRAY(SELECT x FROM (SELECT DISTINCT x FROM unnest(m.hits) AS h(i), jsonb_array_elements_text((${tags}) -> (h.i - 1)) AS x
                                    WHERE NOT x = ANY(m.tags)) d ORDER BY x COLLATE "C") END AS new_tags,
         CASE WHEN m.note IS NULL AND NOT 'note' = ANY(m.person_fields) THEN ${first(notes)} ELSE m.note END AS new_note,
         CASE WHEN m.transfer_override IS NULL AND NOT 'transfer' = ANY(m.person_fields)
               AND EXISTS (SELECT 1 FROM unnest(m.hits) AS h(i) WHERE (${transfer})[h.i]) THEN true
              ELSE m.transfer_override END AS new_transfer_override,
         CASE WHEN m.bound_counterpart_id IS NULL AND NOT 'counterpart' = ANY(m.person_fields) THEN ${first(bind)}
              ELSE m.bound_counterpart_id END AS new_bound_counterpart_id
    FROM matched m ${matched}
)`;
}

/**
 * The statement over the rows `selection` picks (SQL on `t`, its values already in `p`): answers
 * `changed`, the rows written (preview: that would be). In apply mode it also saves each changed row's
 * values before.
 */
export function effectStatement(rules: readonly ParsedRule[], selection: string, p: Params, mode: EffectMode): string {
  const ctes = effectCtes(rules, selection, p, mode);
  const save =
    mode.kind !== "apply"
      ? ""
      : `, saved AS (
  INSERT INTO rule_application_changes (application_id, transaction_id, ${NAMES.join(", ")})
  SELECT ${p.add(mode.applicationId, "uuid")}, c.id, ${NAMES.map((c) => `c.old_${c}`).join(", ")} FROM changes c
)`;
  return `
WITH ${ctes}, changes AS (
  SELECT * FROM effect e WHERE ${tuple("e", "old_")} IS DISTINCT FROM ${tuple("e", "new_")}
)${save}${mode.kind === "preview" ? "" : WRITE}
SELECT count(*)::int AS changed FROM ${mode.kind === "preview" ? "changes" : "written"}`;
}
