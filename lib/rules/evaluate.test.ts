// The in-process evaluator's word gate: a rule that asks for words is tested only on rows holding one
// of them, which must change no answer (the property test, evaluate-agrees, holds it to the SQL on
// random pages). These cases are the gate's edges: several words conditions, the words behind a
// condition that can throw, and rules without words.
import { describe, expect, it } from "vitest";
import { evaluator, type RowFacts } from "@/lib/rules/evaluate";
import type { ParsedRule } from "@/lib/rules/parse";
import type { Condition } from "@/lib/rules/schemas";

const row = (over: Partial<RowFacts>): RowFacts => ({
  accountId: "a",
  amount: "-12.50",
  currency: "EUR",
  creditorId: null,
  mandateId: null,
  bankTransactionCode: null,
  proprietaryBankTransactionCode: null,
  remittance: null,
  names: [null, null, null, null],
  ...over,
});

const rule = (id: string, conditions: Condition[]): ParsedRule => ({
  id,
  name: id,
  conditions,
  actions: { addTags: [id] },
});

const words = (...list: string[]): Condition => ({ type: "words", words: list, in: "any" });

function tagsOf(rules: ParsedRule[], facts: RowFacts) {
  const failed = new Set<ParsedRule>();
  const filing = evaluator(rules).file(facts, null, failed);
  return { tags: filing.tags, failed: [...failed].map((r) => r.id) };
}

describe("the evaluator's word gate", () => {
  it("tests a rule with words only where one of its words is, and the others everywhere", () => {
    const rules = [
      rule("rent", [words("rent"), { type: "direction", direction: "out" }]),
      rule("cards", [{ type: "bankTransactionCode", codes: ["PMNT-CCRD"] }]),
      rule("either", [words("spotify", "netflix")]),
      rule("both", [words("gym"), words("monthly")]),
    ];
    expect(tagsOf(rules, row({ remittance: "Rent March" })).tags).toEqual(["rent"]);
    expect(tagsOf(rules, row({ remittance: "Rent March", amount: "12.50" })).tags).toEqual([]);
    expect(tagsOf(rules, row({ bankTransactionCode: "PMNT-CCRD-POSD" })).tags).toEqual(["cards"]);
    expect(tagsOf(rules, row({ names: ["Netflix BV", null, null, null] })).tags).toEqual(["either"]);
    expect(tagsOf(rules, row({ remittance: "gym", names: ["Monthly Gym", null, null, null] })).tags).toEqual(["both"]);
    expect(tagsOf(rules, row({ remittance: "monthly fee" })).tags).toEqual([]);
  });

  it("a rule that throws before its words are tested is still failed; one whose words are missing first is not", () => {
    const rules = [
      rule("throws first", [{ type: "amount", min: "1.00" }, words("rent")]),
      rule("words first", [words("rent"), { type: "amount", min: "1.00" }]),
    ];
    // A row whose amount no decimal reading accepts: the amount test throws wherever it runs.
    const bad = row({ amount: "twelve", remittance: "salary" });
    expect(tagsOf(rules, bad)).toEqual({ tags: [], failed: ["throws first"] });
    expect(tagsOf(rules, { ...bad, remittance: "rent" })).toEqual({
      tags: [],
      failed: ["throws first", "words first"],
    });
  });

  it("a rule whose bound does not read fails wherever its amount is tested, words before or after", () => {
    const rules = [
      rule("bound after", [words("rent"), { type: "amount", min: "1,00" }]),
      rule("bound before", [{ type: "amount", max: "1e3" }, words("rent")]),
      rule("fine", [{ type: "direction", direction: "out" }, words("rent")]),
    ];
    expect(tagsOf(rules, row({ remittance: "salary" }))).toEqual({ tags: [], failed: ["bound before"] });
    expect(tagsOf(rules, row({ remittance: "rent" }))).toEqual({
      tags: ["fine"],
      failed: ["bound after", "bound before"],
    });
  });

  it("reads a row's amount once for every rule that tests it, and reads each the same", () => {
    const rules = [
      rule("small", [{ type: "amount", max: "20" }]),
      rule("large", [{ type: "amount", min: "20.00" }]),
      rule("out", [{ type: "direction", direction: "out" }]),
      rule("in", [{ type: "direction", direction: "in" }]),
    ];
    expect(tagsOf(rules, row({ amount: "-12.5" })).tags).toEqual(["out", "small"]);
    expect(tagsOf(rules, row({ amount: "+20" })).tags).toEqual(["in", "large", "small"]);
    expect(tagsOf(rules, row({ amount: "-0.00" })).tags).toEqual(["small"]);
  });
});
