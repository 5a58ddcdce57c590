import { describe, expect, it } from "vitest";
import { parseJsonExact, plainDecimal } from "@/lib/datasets/providers/registry-json";

describe("a register's JSON with exact numbers", () => {
  it("keeps every number as the decimal text it was written in, past 2^53 and with decimals", () => {
    const text = '{"a": 6440000000.10, "b": [-693623, 0, 9007199254740993], "c": "12.5", "d": true, "e": null}';
    expect(parseJsonExact(text)).toEqual({
      a: "6440000000.10",
      b: ["-693623", "0", "9007199254740993"],
      c: "12.5",
      d: true,
      e: null,
    });
  });

  it("leaves strings alone, escaped quotes and digits inside them included", () => {
    expect(parseJsonExact('{"k\\"1": "say \\"42\\" -7", "n": -1.5}')).toEqual({ 'k"1': 'say "42" -7', n: "-1.5" });
  });

  it("writes an exponent as a plain decimal by moving the point", () => {
    expect(["1.5E9", "-2e-3", "12.34e1", "7E+0", "5e2", "0.5e-1"].map(plainDecimal)).toEqual([
      "1500000000",
      "-0.002",
      "123.4",
      "7",
      "500",
      "0.05",
    ]);
  });

  it("rejects what is not JSON", () => {
    expect(() => parseJsonExact("{a: 1}")).toThrow();
    expect(() => parseJsonExact('{"a": -}')).toThrow();
  });
});
