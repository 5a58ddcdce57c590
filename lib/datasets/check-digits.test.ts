// LEI and IBAN check digits (ISO 17442 and ISO 13616, both ISO 7064 MOD 97-10) on real identifiers and on one-character typos.
import { describe, expect, it } from "vitest";
import { ibanValid, leiValid } from "@/lib/datasets/check-digits";

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

describe("ibanValid", () => {
  it("accepts real-shaped IBANs of several countries", () => {
    // The examples of the IBAN registry (SWIFT) for Germany, Belgium, the Netherlands, France, Malta.
    for (const iban of [
      "DE89370400440532013000",
      "BE68539007547034",
      "NL91ABNA0417164300",
      "FR1420041010050500013M02606",
      "MT84MALT011000012345MTLCAST001S",
    ])
      expect(ibanValid(iban), iban).toBe(true);
  });

  it("refuses a changed digit, swapped digits, lower case, spaces and the wrong shape", () => {
    expect(ibanValid("DE89370400440532013001")).toBe(false);
    expect(ibanValid("DE89370400440532031000")).toBe(false);
    expect(ibanValid("DE98370400440532013000")).toBe(false);
    expect(ibanValid("de89370400440532013000")).toBe(false);
    expect(ibanValid("DE89 3704 0044 0532 0130 00")).toBe(false);
    expect(ibanValid("DE8937040044")).toBe(false);
  });
});
