// What rules cost the sync's page writes: pages of 1,000 bank-like rows written as the sync writes
// them (ingest, counterparts, rules) into a fresh account of a scope with 50 enabled rules (the 17
// defaults and 33 of a person's), taking turns with the same pages into a scope without rules.
// Prints the ratio (docs/rules.md); `npm run bench -- sync`'s full sync over HTTP also waits on the
// bank, so its ratio is at most this one. Checks the rules ran (rows were filed) and nothing else.
import { describe, expect, it } from "vitest";
import { pool } from "@/lib/db/client";
import { makePerson } from "@/testing/support/fixtures";
import { storedAccount } from "@/testing/support/stored-account";
import { bankEntry } from "@/testing/support/sync/bank-entry";
import { categoryOf, storedRule, syncPage, withoutDefaultRules } from "@/testing/support/rules/page";

const PAGES = Number(process.env.RULES_COST_PAGES ?? 6);
const NAMES = Array.from({ length: 60 }, (_, i) => `Supplier ${i} BV`);
const WHAT = ["Invoice", "Rent March", "Card payment", "Salary", "Fuel", "Subscription", "Refund", "Transfer"];

function page(p: number) {
  return Array.from({ length: 1000 }, (_, i) => {
    const n = p * 1000 + i;
    return bankEntry(`r${n}`, `${n % 3 === 0 ? "" : "-"}${(n % 997) + 1}.${String(n % 100).padStart(2, "0")}`, {
      bookingDate: `2026-0${(n % 9) + 1}-1${n % 10}`,
      creditorName: NAMES[n % NAMES.length],
      remittanceInformation: `${WHAT[n % WHAT.length]} ${n}`,
      bankTransactionCode: n % 5 === 0 ? "PMNT-CCRD-POSD" : "PMNT-ICDT-ESCT",
    });
  });
}

async function account(rules: boolean) {
  const person = await makePerson("rules-cost");
  if (!rules) await withoutDefaultRules(person.scopeId);
  else {
    const other = await categoryOf(person.scopeId, "other");
    for (let i = 0; i < 33; i += 1)
      await storedRule(
        person.scopeId,
        [
          { type: "words", words: [`Supplier ${i} `], in: "names" },
          { type: "direction", direction: "out" },
        ],
        {
          categoryId: other,
          addTags: [`s${i}`],
        },
      );
  }
  const { accountId } = await storedAccount(person, 0);
  return { scopeId: person.scopeId, accountId };
}

describe("the cost of rules in the sync", () => {
  it("pages written with 50 rules against the same pages without rules", async () => {
    const pages = Array.from({ length: PAGES }, (_, p) => page(p));
    const ms = { with: 0, without: 0 };
    // A warm-up of each side, then each round in the other order.
    for (const round of [-1, 0, 1, 2]) {
      for (const rules of round % 2 === 0 ? [true, false] : [false, true]) {
        const target = await account(rules);
        const started = performance.now();
        for (const rows of pages) await syncPage(target, rows);
        if (round >= 0) ms[rules ? "with" : "without"] += performance.now() - started;
        if (rules && round === -1) {
          const { rows } = await pool().query<{ filed: number }>(
            "SELECT count(category_id)::int AS filed FROM transactions WHERE account_id = $1",
            [target.accountId],
          );
          expect(rows[0].filed).toBeGreaterThan(0);
        }
      }
    }
    const rows = PAGES * 1000 * 3;
    console.log(
      `${rows} rows in pages of 1,000: with 50 rules ${(ms.with / 1000).toFixed(1)} s, without ${(ms.without / 1000).toFixed(1)} s, ratio ${(ms.with / ms.without).toFixed(2)}×`,
    );
    expect(ms.with).toBeGreaterThan(0);
  }, 1_800_000);
});
