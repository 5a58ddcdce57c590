// The compiler writes only our own text: every value a rule holds goes in as a parameter.
import { describe, expect, it } from "vitest";
import { compileConditions, Params } from "@/lib/rules/compile";
import { Condition } from "@/lib/rules/schemas";

describe("compileConditions", () => {
  it("puts every value in a parameter, never in the SQL text", () => {
    const hostile = "x'); DROP TABLE rules; --";
    const conditions = [
      Condition.parse({ type: "words", words: [hostile] }),
      Condition.parse({ type: "creditorId", values: [hostile] }),
      Condition.parse({ type: "bankTransactionCode", codes: ["PMNT_%"] }),
      Condition.parse({ type: "amount", min: "1.50", max: "20" }),
    ];
    const p = new Params(["first"]);
    const sql = compileConditions(conditions, p);
    expect(sql).not.toContain("DROP");
    expect(sql).not.toContain("1.50");
    // Words go last (the cheap tests first): their patterns are the last value.
    expect(sql).toMatch(/^\(coalesce\(.*\$2::text\[\].*\$4::numeric.*\$5::numeric.*\$6::text\[\].*\)$/s);
    expect(p.values).toEqual(["first", [hostile], ["PMNT\\_\\%%"], "1.50", "20", ["% x drop table rules%"]]);
  });

  it("refuses a condition it cannot compile safely", () => {
    expect(Condition.safeParse({ type: "amount" }).success).toBe(false);
    expect(Condition.safeParse({ type: "amount", min: "20", max: "1" }).success).toBe(false);
    expect(Condition.safeParse({ type: "currency", currencies: ["eur"] }).success).toBe(false);
    expect(Condition.safeParse({ type: "words", words: [] }).success).toBe(false);
    expect(Condition.safeParse({ type: "direction", direction: "up" }).success).toBe(false);
  });
});
