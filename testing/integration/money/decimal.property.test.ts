// Properties of exact decimal sums: they equal the sum of the exact values, do not depend on order
// or grouping, never print "-0", and never add one currency to another.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decimalAdd, sumDecimals, sumsByCurrency } from "@/lib/money/decimal";
import { currency, formatScaled, scaledDecimal } from "@/testing/support/money-arbitraries";

const decimals = fc.array(scaledDecimal(), { maxLength: 30 });

describe("decimal sums (properties)", () => {
  it("equal the exact sum of the values, at the largest scale given", () => {
    fc.assert(
      fc.property(decimals, (values) => {
        const scale = Math.max(0, ...values.map((v) => v.scale));
        const exact = values.reduce((sum, v) => sum + v.units * 10n ** BigInt(scale - v.scale), 0n);
        expect(sumDecimals(values.map((v) => v.text))).toBe(formatScaled(exact, scale));
      }),
    );
  });

  it("do not depend on order or grouping", () => {
    fc.assert(
      fc.property(decimals, decimals, fc.array(fc.nat(), { minLength: 60, maxLength: 60 }), (a, b, order) => {
        const texts = [...a, ...b].map((v) => v.text);
        const shuffled = texts
          .map((text, i) => ({ text, key: order[i] ?? 0 }))
          .sort((x, y) => x.key - y.key)
          .map((x) => x.text);
        const whole = sumDecimals(texts);
        expect(sumDecimals(shuffled)).toBe(whole);
        expect(decimalAdd(sumDecimals(a.map((v) => v.text)), sumDecimals(b.map((v) => v.text)))).toBe(whole);
      }),
    );
  });

  it("of a value and its negation is zero, never negative zero", () => {
    fc.assert(
      fc.property(scaledDecimal(), (v) => {
        const negated = v.text.startsWith("-") ? v.text.slice(1) : `-${v.text}`;
        expect(decimalAdd(v.text, negated)).toMatch(/^0(\.0+)?$/);
      }),
    );
  });

  it("per currency: each currency's sum is its own rows' sum, whatever else is in the list", () => {
    const row = fc.record({ amount: scaledDecimal().map((v) => v.text), currency: currency() });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 40 }), fc.array(row, { maxLength: 10 }), (rows, more) => {
        const sums = sumsByCurrency(rows);
        expect(Object.keys(sums).sort()).toEqual([...new Set(rows.map((r) => r.currency))].sort());
        for (const [code, sum] of Object.entries(sums)) {
          expect(sum).toBe(sumDecimals(rows.filter((r) => r.currency === code).map((r) => r.amount)));
        }
        // Rows in other currencies change nothing in this one's sum.
        const others = more.filter((r) => !(r.currency in sums));
        const after = sumsByCurrency([...rows, ...others]);
        for (const code of Object.keys(sums)) expect(after[code]).toBe(sums[code]);
      }),
    );
  });

  it("refuses what is not a decimal string instead of guessing", () => {
    for (const bad of ["", "1e3", "1,5", "--1", ".5", "1.", "NaN", " 1"]) expect(() => sumDecimals([bad])).toThrow();
  });
});
