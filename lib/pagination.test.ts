// Integers in query strings are decimal digits and nothing else: Number() alone would take 0x10,
// 1e1, +16, 16.0 and " 16" as 16 and "" as 0, so two spellings would read one page size.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors";
import { pageQuery, perPageParam } from "@/lib/pagination";
import { parseWith } from "@/lib/api/validate";

const MAX = 200;

/** The perPage a query string gives, or the field names of the 422 it answers. */
function read(perPage: unknown): number | string[] {
  try {
    return parseWith(pageQuery, { perPage }).perPage;
  } catch (e) {
    const error = e as ApiError;
    expect([error.code, error.status]).toEqual(["validation_failed", 422]);
    return Object.keys(error.details ?? {});
  }
}

describe("perPage", () => {
  it("reads decimal digits, leading zeros included, and the fallback when absent", () => {
    expect(read("16")).toBe(16);
    expect(read("016")).toBe(16);
    expect(read("200")).toBe(200);
    expect(read(undefined)).toBe(50);
    expect(perPageParam(500, 100).parse(undefined)).toBe(100);
  });

  it("refuses other spellings of a number with 422 naming perPage", () => {
    for (const form of ["0x10", "0o20", "0b10000", "1e1", "+16", "-16", "16.0", "16.", ".5", " 16", "16 ", "\t16"]) {
      expect(read(form), form).toEqual(["perPage"]);
    }
    for (const form of ["", "1_6", "Infinity", "NaN", "١٦", "16abc", ["16", "16"]]) {
      expect(read(form), String(form)).toEqual(["perPage"]);
    }
  });

  it("refuses 0 and numbers above the maximum", () => {
    expect(read("0")).toEqual(["perPage"]);
    expect(read("201")).toEqual(["perPage"]);
    expect(read("9".repeat(400))).toEqual(["perPage"]);
  });

  it("property: any in-range n in decimal reads as n; any other spelling of it is 422", () => {
    const spellings = (n: number) => [
      `0x${n.toString(16)}`,
      `${n}e0`,
      `${n}.0`,
      `+${n}`,
      ` ${n}`,
      `${n} `,
      `${n}\n`,
      `0b${n.toString(2)}`,
    ];
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX }), (n) => {
        expect(read(String(n))).toBe(n);
        for (const form of spellings(n)) expect(read(form), form).toEqual(["perPage"]);
      }),
    );
  });

  it("property: a string that is not all ASCII digits never reads as a number", () => {
    // Drawn from the characters number syntaxes are made of, so near-misses like "1e1" come up often.
    const unit = fc.constantFrom(..."0123456789xXeEbBoO+-._ \t\nInfinity".split(""));
    fc.assert(
      fc.property(
        fc.string({ unit, minLength: 0, maxLength: 6 }).filter((s) => !/^[0-9]+$/.test(s)),
        (s) => {
          expect(read(s), JSON.stringify(s)).toEqual(["perPage"]);
        },
      ),
      { numRuns: 500 },
    );
  });
});
