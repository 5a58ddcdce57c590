// The amount condition's range: bounds compared exactly, and a malformed bound reported as such
// (the range check must not throw on it: that was a 500 the API fuzzer found).
import { describe, expect, it } from "vitest";
import { Condition } from "@/lib/rules/schemas";

describe("the amount condition", () => {
  it("refuses min above max by a millionth, which floats would call equal", () => {
    const parsed = Condition.safeParse({
      type: "amount",
      min: "999999999999999.000002",
      max: "999999999999999.000001",
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toContain("min must not exceed max");
    expect(Condition.safeParse({ type: "amount", min: "10.5", max: "10.50" }).success).toBe(true);
  });

  it("reports malformed bounds as bad amounts, without throwing", () => {
    const parsed = Condition.safeParse({ type: "amount", min: "proper", max: "Z`" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join("."))).toEqual(["min", "max"]);
  });
});
