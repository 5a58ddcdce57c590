// Rules tests: a scope without its default rules (so a test's own rules are all there are), rules
// written straight to the table, and a page written as the sync writes one (ingest, counterparts,
// then the rules engine) in one transaction.
import type { BankTransaction } from "@/lib/banking/types";
import { pgTransaction, pool, prisma } from "@/lib/db/client";
import type { Actions, Condition } from "@/lib/rules/schemas";
import { writeRows } from "@/lib/sync/page-write";

type Target = { scopeId: string; accountId: string };

export async function withoutDefaultRules(scopeId: string) {
  await prisma().rule.deleteMany({ where: { scopeId } });
}

let positions = 0;

/** A rule of the scope, after those already there unless `position` says where (any JSON: a test may store a bad one). */
export function storedRule(
  scopeId: string,
  conditions: Condition[] | object[],
  actions: Actions | object,
  position = ++positions,
) {
  return prisma().rule.create({
    data: { scopeId, name: `rule ${position}`, position, conditions, actions },
  });
}

/** Writes the page as the sync does (lib/sync/page-write.ts writeRows: ingest, counterparts, rules). */
export function syncPage(target: Target, page: BankTransaction[]) {
  return pgTransaction((client) =>
    writeRows(client, { ...target, runId: crypto.randomUUID() }, page, { compareFirst: true }),
  );
}

export type RowState = {
  external_id: string;
  category_id: string | null;
  category_source: string | null;
  category_rule_id: string | null;
  tags: string[];
  note: string | null;
  transfer_override: boolean | null;
  bound_counterpart_id: string | null;
};

/** The rule-written fields of the account's rows, by bank id. */
export async function rowStates(accountId: string): Promise<Map<string, RowState>> {
  const { rows } = await pool().query<RowState>(
    `SELECT external_id, category_id, category_source, category_rule_id, tags, note, transfer_override, bound_counterpart_id
       FROM transactions WHERE account_id = $1 ORDER BY external_id`,
    [accountId],
  );
  return new Map(rows.map((r) => [r.external_id, r]));
}

/** A person's category on a row, as the person's verb writes it (source person, field recorded). */
export async function personCategory(accountId: string, externalId: string, categoryId: string | null) {
  await pool().query(
    `UPDATE transactions SET category_id = $3, category_source = 'person', category_rule_id = NULL,
            person_fields = CASE WHEN 'category' = ANY(person_fields) THEN person_fields ELSE array_append(person_fields, 'category') END
      WHERE account_id = $1 AND external_id = $2`,
    [accountId, externalId, categoryId],
  );
}

/** The scope's category of a default key. */
export async function categoryOf(scopeId: string, key: string): Promise<string> {
  const c = await prisma().category.findFirstOrThrow({ where: { scopeId, key } });
  return c.id;
}
