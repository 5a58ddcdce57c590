// Registration numbers per country: format and check digits, and the words a person reads.
import { describe, expect, it } from "vitest";
import { checkRegistrationNumber, numberInCountry, registrationExample } from "@/lib/datasets/registration-number";

const message = (country: string, raw: string) => {
  const result = checkRegistrationNumber(country, raw);
  return result.ok ? null : result.message;
};

describe("checkRegistrationNumber", () => {
  it("accepts every country's example number, normalised for display", () => {
    for (const country of ["BE", "NL", "DE", "FR", "ES", "IT", "GB"]) {
      expect(checkRegistrationNumber(country, registrationExample(country)?.example ?? ""), country).toMatchObject({
        ok: true,
      });
    }
    expect(checkRegistrationNumber("BE", "BE0403170701")).toEqual({ ok: true, number: "0403.170.701" });
    expect(checkRegistrationNumber("BE", "403 170 701")).toEqual({ ok: true, number: "0403.170.701" });
    expect(checkRegistrationNumber("FR", "732829320")).toEqual({ ok: true, number: "732 829 320" });
    expect(checkRegistrationNumber("de", "hrb 42")).toEqual({ ok: true, number: "HRB 42" });
  });

  it("Belgium: 10 digits with a mod-97 check", () => {
    expect(message("BE", "12345")).toBe(
      "A Belgian enterprise number has 10 digits and starts with 0 or 1, like 0403.170.701.",
    );
    expect(message("BE", "2403170701")).toMatch(/^A Belgian enterprise number has 10 digits/);
    // 97 − (01234567 mod 97) = 49, so …789 has the wrong check number.
    expect(message("BE", "0123.456.789")).toBe(
      "0123.456.789 is not a valid Belgian enterprise number: its check number (the last two digits) does not match the rest of the number. Check it for a typo.",
    );
    expect(checkRegistrationNumber("BE", "0123.456.749")).toMatchObject({ ok: true });
  });

  it("the United Kingdom: 8 digits (leading zeros restored) or 2 letters and 6 digits", () => {
    expect(checkRegistrationNumber("GB", "8957400")).toEqual({ ok: true, number: "08957400" });
    expect(checkRegistrationNumber("GB", "04 053 514")).toEqual({ ok: true, number: "04053514" });
    expect(checkRegistrationNumber("GB", "sc123456")).toEqual({ ok: true, number: "SC123456" });
    expect(message("GB", "123456789")).toMatch(/^A UK company number has 8 characters/);
    expect(message("GB", "SC12345")).toMatch(/^A UK company number has 8 characters/);
    expect(message("GB", "S1234567")).toMatch(/^A UK company number has 8 characters/);
    expect(numberInCountry("GB", "08957400")).toBe("08957400 in the United Kingdom");
  });

  it("the Netherlands: KvK numbers have 8 digits", () => {
    expect(checkRegistrationNumber("NL", "3456 7890")).toEqual({ ok: true, number: "34567890" });
    expect(message("NL", "3456789")).toBe("A Dutch KvK number has 8 digits, like 34567890.");
    expect(message("NL", "KVK34567890")).toMatch(/8 digits/);
  });

  it("France: a SIREN has 9 digits and a Luhn check digit", () => {
    expect(message("FR", "73282932")).toBe("A French SIREN has 9 digits, like 732 829 320.");
    expect(message("FR", "732 829 321")).toMatch(/^732 829 321 is not a valid French SIREN: its check digit/);
  });

  it("Spain and Italy: their check characters", () => {
    expect(checkRegistrationNumber("ES", "ESB12345674")).toEqual({ ok: true, number: "B12345674" });
    expect(message("ES", "B12345675")).toMatch(/not a valid Spanish CIF/);
    expect(message("ES", "12345674")).toMatch(/a letter, 7 digits/);
    expect(message("IT", "12345678904")).toMatch(/not a valid Italian partita IVA/);
    expect(message("IT", "1234567890")).toMatch(/11 digits/);
  });

  it("Germany: HRA or HRB and up to 6 digits", () => {
    expect(message("DE", "HRC 12")).toMatch(/HRA or HRB/);
    expect(message("DE", "HRB 1234567")).toMatch(/up to 6 digits/);
  });

  it("passes other countries to the providers unchanged, and asks for a number when there is none", () => {
    expect(checkRegistrationNumber("PT", " 500100144 ")).toEqual({ ok: true, number: "500100144" });
    expect(message("BE", "  ")).toBe("Enter the company's registration number.");
  });

  it("names a number with its country", () => {
    expect(numberInCountry("BE", "0123.456.749")).toBe("0123.456.749 in Belgium");
    expect(numberInCountry("pt", "500100144")).toBe("500100144 in PT");
  });
});
