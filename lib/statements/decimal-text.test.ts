// The one amount reader of every statement format: examples from the sample files, and a property
// test that any amount written under any separators and sign style reads back to the same
// canonical decimal string (and that lib/money takes that string as it is).

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sumDecimals } from "@/lib/money/decimal";
import { type DecimalSeparators, canonicalDecimal, negateDecimal } from "./decimal-text";

const COMMA: DecimalSeparators = { decimal: ",", thousands: "." };
const POINT: DecimalSeparators = { decimal: ".", thousands: "," };

describe("canonicalDecimal", () => {
  it("reads the forms the banks write", () => {
    expect(canonicalDecimal("1.234,56", COMMA)).toBe("1234.56");
    expect(canonicalDecimal("-12.5", POINT)).toBe("-12.5");
    expect(canonicalDecimal("12,50-", COMMA)).toBe("-12.50");
    expect(canonicalDecimal("1 234.56", { decimal: ".", thousands: null })).toBe("1234.56");
    expect(canonicalDecimal("1\u00a0234,56", { decimal: ",", thousands: " " })).toBe("1234.56");
    expect(canonicalDecimal("0,", { decimal: ",", thousands: null })).toBe("0");
    expect(canonicalDecimal("000000004433,52", { decimal: ",", thousands: null })).toBe("4433.52");
    expect(canonicalDecimal("01.00", { decimal: ".", thousands: null })).toBe("1.00");
    expect(canonicalDecimal("-0,00", COMMA)).toBe("0.00");
    expect(canonicalDecimal("+7", POINT)).toBe("7");
    expect(canonicalDecimal("1'234.50", { decimal: ".", thousands: "'" })).toBe("1234.50");
  });

  it("refuses what is not one amount under these separators", () => {
    expect(canonicalDecimal("12.3.4", { decimal: ".", thousands: null })).toBeNull();
    expect(canonicalDecimal("1.234,56", POINT)).toBeNull();
    expect(canonicalDecimal("12.34", { decimal: ",", thousands: "." })).toBeNull();
    expect(canonicalDecimal("1,234.5", { decimal: ".", thousands: null })).toBeNull();
    expect(canonicalDecimal("", COMMA)).toBeNull();
    expect(canonicalDecimal("-", COMMA)).toBeNull();
    expect(canonicalDecimal("EUR 12", COMMA)).toBeNull();
    expect(canonicalDecimal("--1", COMMA)).toBeNull();
  });

  it("negates without making a negative zero", () => {
    expect(negateDecimal("12.50")).toBe("-12.50");
    expect(negateDecimal("-3")).toBe("3");
    expect(negateDecimal("0.00")).toBe("0.00");
  });
});

const separatorsArb = fc.constantFrom<DecimalSeparators>(
  { decimal: ",", thousands: "." },
  { decimal: ",", thousands: " " },
  { decimal: ",", thousands: null },
  { decimal: ".", thousands: "," },
  { decimal: ".", thousands: "'" },
  { decimal: ".", thousands: null },
);

function group(digits: string, separator: string): string {
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 3) groups.unshift(digits.slice(Math.max(0, end - 3), end));
  return groups.join(separator);
}

describe("canonicalDecimal, any amount", () => {
  it("written under any separators and sign style, reads back canonical", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.stringMatching(/^\d{0,5}$/),
        fc.boolean(),
        separatorsArb,
        fc.constantFrom("leading", "trailing"),
        fc.boolean(),
        (whole, fraction, isNegative, separators, signStyle, isGrouped) => {
          const digits = whole.toString();
          const written = isGrouped && separators.thousands ? group(digits, separators.thousands) : digits;
          const body = fraction ? `${written}${separators.decimal}${fraction}` : written;
          const text = !isNegative ? body : signStyle === "leading" ? `-${body}` : `${body}-`;
          const canonical = fraction ? `${digits}.${fraction}` : digits;
          const isZero = !/[1-9]/.test(canonical);
          const expected = isNegative && !isZero ? `-${canonical}` : canonical;
          expect(canonicalDecimal(text, separators)).toBe(expected);
          // lib/money reads it as is, and the canonical form is a fixed point.
          expect(sumDecimals([expected])).toBe(expected);
          expect(canonicalDecimal(expected, { decimal: ".", thousands: null })).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("a second decimal separator is always refused", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{1,6}$/),
        fc.stringMatching(/^\d{1,3}$/),
        fc.stringMatching(/^\d{1,3}$/),
        separatorsArb,
        (a, b, c, separators) => {
          expect(canonicalDecimal(`${a}${separators.decimal}${b}${separators.decimal}${c}`, separators)).toBeNull();
        },
      ),
    );
  });
});
