// LEI check digits (ISO 17442, ISO 7064 MOD 97-10) on real identifiers and on one-character typos.
import { describe, expect, it } from "vitest";
import { leiValid } from "@/lib/datasets/check-digits";

describe("leiValid", () => {
  it("accepts real LEIs", () => {
    // BNP Paribas, Apple Energy LLC (the GLEIF sample) and its direct parent.
    for (const lei of ["R0MUWSFPU8MPRO8K5P83", "549300YX4S1LLSMK2627", "HWUPKR0MPOU8FGXBT394"])
      expect(leiValid(lei), lei).toBe(true);
  });

  it("refuses a changed character, swapped check digits and the wrong shape", () => {
    expect(leiValid("R0MUWSFPU8MPRO8K5P84")).toBe(false);
    expect(leiValid("R0MUWSFPU8MPRO8K5Q83")).toBe(false);
    expect(leiValid("549300YX4S1LLSMK2672")).toBe(false);
    expect(leiValid("r0muwsfpu8mpro8k5p83")).toBe(false);
    expect(leiValid("R0MUWSFPU8MPRO8K5P8")).toBe(false);
    expect(leiValid("R0MUWSFPU8MPRO8K5PAB")).toBe(false);
  });
});
