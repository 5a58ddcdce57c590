// The exact decimal helpers: sums, differences and comparisons of decimal strings at any scale,
// checked on examples and, by a property, against BigInt arithmetic on whole cents.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareDecimals, decimalAdd, decimalSubtract, negateDecimal, signOfDecimal, sumDecimals } from "./decimal";

/** Cents as a decimal string with two places: -5 → "-0.05". */
function centsText(cents: bigint): string {
  const digits = (cents < 0n ? -cents : cents).toString().padStart(3, "0");
  return `${cents < 0n ? "-" : ""}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

describe("decimal strings", () => {
  it("adds and subtracts at the larger scale, exactly", () => {
    expect(decimalAdd("0.1", "0.2")).toBe("0.3");
    expect(decimalAdd("1.5", "1.50")).toBe("3.00");
    expect(decimalSubtract("1.5", "1.50")).toBe("0.00");
    expect(decimalSubtract("10", "0.01")).toBe("9.99");
    expect(decimalSubtract("-3.2", "4")).toBe("-7.2");
    expect(decimalSubtract("0", "-0.001")).toBe("0.001");
    expect(sumDecimals([])).toBe("0");
  });

  it("negates, leaving no negative zero", () => {
    expect(negateDecimal("12.30")).toBe("-12.30");
    expect(negateDecimal("-7")).toBe("7");
    expect(negateDecimal("0.00")).toBe("0.00");
    expect(negateDecimal("-0.00")).toBe("0.00");
  });

  it("compares by value, not by text", () => {
    expect(compareDecimals("1.5", "1.50")).toBe(0);
    expect(compareDecimals("-1.5", "-1.49")).toBe(-1);
    expect(signOfDecimal("-0.00")).toBe(0);
  });

  it("reads a sign from the digits as the comparison with zero does", () => {
    const decimal = fc
      .tuple(
        fc.constantFrom("", "-"),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.constantFrom("", ".0", ".00", ".5", ".05", ".000"),
      )
      .map(([sign, whole, fraction]) => `${sign}${whole}${fraction}`);
    fc.assert(fc.property(decimal, (x) => signOfDecimal(x) === compareDecimals(x, "0")));
    expect(() => signOfDecimal("+1")).toThrow(/not a decimal/);
  });

  it("refuses what is not a decimal string", () => {
    expect(() => decimalSubtract("1,5", "1")).toThrow(/not a decimal/);
    expect(() => negateDecimal("1e3")).toThrow(/not a decimal/);
  });

  it("x - y + y = x and x - y = -(y - x), for any amounts in cents", () => {
    const cents = fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n });
    fc.assert(
      fc.property(cents, cents, (a, b) => {
        const [x, y] = [centsText(a), centsText(b)];
        expect(decimalSubtract(x, y)).toBe(centsText(a - b));
        expect(compareDecimals(decimalAdd(decimalSubtract(x, y), y), x)).toBe(0);
        expect(decimalSubtract(x, y)).toBe(negateDecimal(decimalSubtract(y, x)));
      }),
    );
  });
});
