// The measure of issue 36: the share of the sandbox company's transactions (bob.company, its
// business current account) that have a category after the first sync, by the default rules and
// counterpart defaults alone, and after the person's first ten corrections: five counterparts among
// those left without a category, two transactions each, each pair followed by the suggested rule,
// accepted and applied to the existing transactions. Printed, and written in docs/rules.md.
import { describe, expect, it } from "vitest";
import * as setCategoryRoute from "@/app/api/accounttracking/v1/transactions/[transactionId]/category/route";
import * as rulesRoute from "@/app/api/accounttracking/v1/rules/route";
import * as applyRoute from "@/app/api/accounttracking/v1/rules/[id]/apply/route";
import * as suggestionsRoute from "@/app/api/accounttracking/v1/rules/suggestions/route";
import { pool } from "@/lib/db/client";
import { runApplication } from "@/lib/rules/apply";
import { connectedConsent, syncedAccount } from "@/testing/support/bank-flow";
import { bearer, call } from "@/testing/support/http";
import { categoryOf } from "@/testing/support/rules/page";
import { withSandboxBank } from "@/testing/support/sandbox-server";

withSandboxBank();

type Suggestion = { counterpartId: string; categoryId: string; rule: object };

// What the company's bookkeeper would file each kind of counterpart under (its name or the row's words).
const TRUTH: [RegExp, string][] = [
  [/Bobrix|operations account|reserve/i, "own_transfers"],
  [/lease|Vastgoed/i, "rent"],
  [/Securitas|alarm/i, "utilities"],
  [/Travelcard|fuel/i, "travel"],
  [/Pension/i, "payroll"],
];

async function share(accountId: string) {
  const { rows } = await pool().query<{ n: number; filed: number }>(
    "SELECT count(*)::int AS n, count(category_id)::int AS filed FROM transactions WHERE account_id = $1 AND removed_at IS NULL",
    [accountId],
  );
  return { ...rows[0], share: rows[0].filed / rows[0].n };
}

describe("the sandbox company's transactions with a category", () => {
  it("after its first sync, and after ten corrections that became rules", async () => {
    const c = await connectedConsent("bob.company");
    const headers = bearer(c.person.token, c.person.scopeId);
    const { account, run } = await syncedAccount(c, { accountType: "company" });
    expect(run.state).toBe("succeeded");
    const first = await share(account.id);

    // The counterparts left without a category, the biggest first, that the bookkeeper knows.
    const { rows: left } = await pool().query<{ ids: string[]; label: string }>(
      `SELECT (array_agg(t.id ORDER BY t.sort_date))[1:2] AS ids,
              coalesce(cp.name, '') || ' ' || min(coalesce(t.remittance_information, '')) AS label
         FROM transactions t JOIN counterparts cp ON cp.id = t.counterpart_id
        WHERE t.account_id = $1 AND t.category_id IS NULL
        GROUP BY cp.id, cp.name HAVING count(*) >= 2 ORDER BY count(*) DESC, cp.name`,
      [account.id],
    );
    const corrections = left
      .map((l) => ({ ...l, key: TRUTH.find(([pattern]) => pattern.test(l.label))?.[1] }))
      .filter((l) => l.key)
      .slice(0, 5);
    expect(corrections).toHaveLength(5);
    for (const correction of corrections) {
      const categoryId = await categoryOf(c.person.scopeId, correction.key!);
      for (const transactionId of correction.ids) {
        const set = await call(setCategoryRoute.PUT, "PUT", "x", {
          headers,
          params: { transactionId },
          body: { categoryId },
        });
        expect(set.status).toBe(200);
      }
      const offered = await call<{ data: Suggestion[] }>(suggestionsRoute.GET, "GET", "x", { headers });
      const suggestion = offered.json.data.find((s) => s.categoryId === categoryId);
      expect(suggestion, correction.label).toBeDefined();
      const rule = await call<{ data: { id: string } }>(rulesRoute.POST, "POST", "x", {
        headers,
        body: { ...suggestion!.rule, fromSuggestion: true, position: 0 },
      });
      const applying = await call<{ data: { id: string } }>(applyRoute.POST, "POST", "x", {
        headers,
        params: { id: rule.json.data.id },
      });
      await runApplication(applying.json.data.id);
    }
    const after = await share(account.id);
    console.log(
      `bob.company business account: ${first.filed} of ${first.n} transactions with a category after the first sync (${(100 * first.share).toFixed(1)}%); after ten corrections: ${after.filed} (${(100 * after.share).toFixed(1)}%)`,
    );
    expect(after.filed).toBeGreaterThan(first.filed);
  }, 900_000);
});
