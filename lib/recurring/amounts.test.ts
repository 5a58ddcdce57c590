import { describe, expect, it } from "vitest";
import { amountChangeAt, medianAmount, ratio, steady } from "./amounts";

// The definition amountChangeAt keeps, written the plain quadratic way: the last split where both
// sides are one amount (within 1%) and their medians differ by more than that.
function byDefinition(amounts: string[]): number | null {
  for (let k = amounts.length - 1; k >= 2; k--) {
    const [before, after] = [amounts.slice(0, k), amounts.slice(k)];
    if (steady(before, 1.01) && steady(after, 1.01) && ratio(medianAmount(before), medianAmount(after)) > 1.01)
      return k;
  }
  return null;
}

describe("amountChangeAt", () => {
  it("answers what its definition answers, on sequences with and without one change", () => {
    let seed = 11;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
    let changes = 0;
    for (let run = 0; run < 2000; run += 1) {
      const length = 1 + Math.floor(next() * 14);
      const levels = [pick(["9.99", "10.00", "12.50", "100.00"]), pick(["9.99", "10.05", "11.00", "0.00", "250.00"])];
      const at = Math.floor(next() * length);
      const amounts = Array.from({ length }, (_, i) => {
        const level = levels[i < at ? 0 : 1];
        return next() < 0.1 ? `-${level}` : next() < 0.05 ? pick(["1.00", "10.04", "99.99"]) : level;
      });
      const expected = byDefinition(amounts);
      if (expected !== null) changes += 1;
      expect(amountChangeAt(amounts), amounts.join(" ")).toBe(expected);
    }
    // Both answers were met many times.
    expect(changes).toBeGreaterThan(100);
    expect(changes).toBeLessThan(1900);
  });
});
