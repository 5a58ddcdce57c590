// "Apply to existing" and its undo over one account of APPLY_BENCH_ROWS rows (1,000,000 unless told),
// one rule matching every row, against the same change made by one plain UPDATE and taken back by
// another. The application writes what the plain UPDATE does and more: each batch's rows are chosen
// by the rule's conditions, every change is kept for the undo (rule_application_changes), and the
// progress moves with each batch; the undo restores each field unless a person has edited it since.
import { pool, prisma } from "@/lib/db/client";
import { requestApply, runApplication, undoApplication } from "@/lib/rules/apply";
import { TEST_ACTOR } from "@/testing/support/audit";
import { makePerson } from "@/testing/support/fixtures";
import { categoryOf, storedRule, withoutDefaultRules } from "@/testing/support/rules/page";
import { storedAccount } from "@/testing/support/stored-account";

const ROWS = Number(process.env.APPLY_BENCH_ROWS ?? 1_000_000);

export type ApplyBench = {
  rows: number;
  plainSetMs: number;
  plainClearMs: number;
  applyMs: number;
  undoMs: number;
  changed: number;
  restored: number;
};

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

export async function benchApply(): Promise<ApplyBench> {
  const person = await makePerson("bench-apply");
  await withoutDefaultRules(person.scopeId);
  const { accountId } = await storedAccount(person, ROWS);
  const rent = await categoryOf(person.scopeId, "rent");
  // Each side starts from a vacuumed, analysed table: the other side's dead rows are not its cost.
  const settle = () => pool().query("VACUUM (ANALYZE) transactions");
  await settle();
  const plainSet = await timed(() =>
    pool().query(
      `UPDATE transactions SET category_id = $2, category_source = 'rule', tags = '{rent}' WHERE account_id = $1`,
      [accountId, rent],
    ),
  );
  await settle();
  const plainClear = await timed(() =>
    pool().query(
      `UPDATE transactions SET category_id = NULL, category_source = NULL, tags = '{}' WHERE account_id = $1`,
      [accountId],
    ),
  );
  await settle();
  const rule = await storedRule(person.scopeId, [{ type: "words", words: ["shop"], in: "names" }], {
    categoryId: rent,
    addTags: ["rent"],
  });
  const apply = await timed(async () => {
    const application = await requestApply({ rule, actor: TEST_ACTOR });
    await runApplication(application.id);
    return prisma().ruleApplication.findUniqueOrThrow({ where: { id: application.id } });
  });
  if (apply.value.state !== "done" || apply.value.changed !== ROWS)
    throw new Error(`the application ended ${apply.value.state} with ${apply.value.changed} of ${ROWS} rows changed`);
  await settle();
  const undo = await timed(() => undoApplication({ application: apply.value, actor: TEST_ACTOR }));
  const { rows } = await pool().query<{ left: number }>(
    "SELECT count(*)::int AS left FROM transactions WHERE account_id = $1 AND category_id IS NOT NULL",
    [accountId],
  );
  if (rows[0].left !== 0) throw new Error(`the undo left ${rows[0].left} rows with a category`);
  return {
    rows: ROWS,
    plainSetMs: plainSet.ms,
    plainClearMs: plainClear.ms,
    applyMs: apply.ms,
    undoMs: undo.ms,
    changed: apply.value.changed,
    restored: ROWS - rows[0].left,
  };
}
