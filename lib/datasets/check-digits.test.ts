// LEI and IBAN check digits (ISO 17442 and ISO 13616, both ISO 7064 MOD 97-10) on real identifiers and on one-character typos.
import { describe, expect, it } from "vitest";
import { ibanValid, leiValid } from "@/lib/datasets/check-digits";

// Both checks are read the same way: every real identifier passes, every typo of one fails.
const CASES = [
  {
    check: leiValid,
    accepts: "real LEIs",
    // BNP Paribas, Apple Energy LLC (the GLEIF sample) and its direct parent.
    real: ["R0MUWSFPU8MPRO8K5P83", "549300YX4S1LLSMK2627", "HWUPKR0MPOU8FGXBT394"],
    refuses: "a changed character, swapped check digits and the wrong shape",
    wrong: [
      "R0MUWSFPU8MPRO8K5P84",
      "R0MUWSFPU8MPRO8K5Q83",
      "549300YX4S1LLSMK2672",
      "r0muwsfpu8mpro8k5p83",
      "R0MUWSFPU8MPRO8K5P8",
      "R0MUWSFPU8MPRO8K5PAB",
    ],
  },
  {
    check: ibanValid,
    accepts: "real-shaped IBANs of several countries",
    // The examples of the IBAN registry (SWIFT) for Germany, Belgium, the Netherlands, France, Malta.
    real: [
      "DE89370400440532013000",
      "BE68539007547034",
      "NL91ABNA0417164300",
      "FR1420041010050500013M02606",
      "MT84MALT011000012345MTLCAST001S",
    ],
    refuses: "a changed digit, swapped digits, lower case, spaces and the wrong shape",
    wrong: [
      "DE89370400440532013001",
      "DE89370400440532031000",
      "DE98370400440532013000",
      "de89370400440532013000",
      "DE89 3704 0044 0532 0130 00",
      "DE8937040044",
    ],
  },
];

for (const { check, accepts, real, refuses, wrong } of CASES) {
  describe(check.name, () => {
    it(`accepts ${accepts}`, () => {
      for (const id of real) expect(check(id), id).toBe(true);
    });

    it(`refuses ${refuses}`, () => {
      for (const id of wrong) expect(check(id), id).toBe(false);
    });
  });
}
