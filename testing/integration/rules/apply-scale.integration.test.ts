// "Apply to existing" and its undo over a large account: RULES_SCALE_ROWS rows (1,000,000 for the
// figure in docs/rules.md; 20,000 by default so the suite stays quick), every one matched. Prints the
// times; checks that every row was changed and that undo gave every row its values back.
import { describe, expect, it } from "vitest";
import { pool } from "@/lib/db/client";
import { requestApply, runApplication, undoApplication } from "@/lib/rules/apply";
import { makePerson } from "@/testing/support/fixtures";
import { storedAccount } from "@/testing/support/stored-account";
import { categoryOf, storedRule, withoutDefaultRules } from "@/testing/support/rules/page";
import { TEST_ACTOR } from "@/testing/support/audit";
import { prisma } from "@/lib/db/client";

const ROWS = Number(process.env.RULES_SCALE_ROWS ?? 20_000);

describe("apply to existing at scale", () => {
  it(`applies a rule to ${ROWS} rows in batches and undoes it in one step`, async () => {
    const person = await makePerson("rules-scale");
    await withoutDefaultRules(person.scopeId);
    const { accountId } = await storedAccount(person, ROWS);
    await pool().query("ANALYZE transactions");
    const rent = await categoryOf(person.scopeId, "rent");
    const rule = await storedRule(person.scopeId, [{ type: "words", words: ["shop"], in: "names" }], {
      categoryId: rent,
    });
    const application = await requestApply({ rule, actor: TEST_ACTOR });
    const started = Date.now();
    await runApplication(application.id);
    const applyMs = Date.now() - started;
    const done = await prisma().ruleApplication.findUniqueOrThrow({ where: { id: application.id } });
    expect([done.state, done.processed, done.changed]).toEqual(["done", ROWS, ROWS]);

    const undoStarted = Date.now();
    await undoApplication({ application: done, actor: TEST_ACTOR });
    const undoMs = Date.now() - undoStarted;
    const { rows } = await pool().query<{ left: number }>(
      "SELECT count(*)::int AS left FROM transactions WHERE account_id = $1 AND category_id IS NOT NULL",
      [accountId],
    );
    expect(rows[0].left).toBe(0);
    console.log(
      `apply to existing over ${ROWS} rows: ${(applyMs / 1000).toFixed(1)} s; undo: ${(undoMs / 1000).toFixed(1)} s`,
    );
  }, 3_600_000);
});
