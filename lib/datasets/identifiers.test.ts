// Identifiers across registries: an LEI's check digits, one key per company whatever the number's
// spelling (a SIRET names its SIREN), and where an LEI record says its company is registered.
import { describe, expect, it } from "vitest";
import { checkLei, companyKey, nationalIdentity, readsByLei } from "@/lib/datasets/identifiers";
import { parseFreshness } from "@/lib/datasets/freshness";
import { checkRegistrationNumber } from "@/lib/datasets/registration-number";

describe("checkLei", () => {
  it("accepts a valid LEI in any case and spacing; says which part is wrong otherwise", () => {
    expect(checkLei(" r0muwsfpu8mpro8k5p83 ")).toEqual({ ok: true, lei: "R0MUWSFPU8MPRO8K5P83" });
    expect(checkLei("R0MUWSFPU8MPRO8K5P84")).toEqual({
      ok: false,
      message:
        "R0MUWSFPU8MPRO8K5P84 is not a valid LEI: its check digits (the last two) do not match. Check it for a typo.",
    });
    expect(checkLei("R0MUWSFPU8")).toMatchObject({ ok: false, message: /20 characters/ });
  });
});

describe("companyKey", () => {
  it("gives one key per company, however the number is written", () => {
    expect(companyKey("be", "0403.170.701")).toEqual({ country: "BE", number: "0403170701" });
    expect(companyKey("BE", "403170701")).toEqual({ country: "BE", number: "0403170701" });
    expect(companyKey("FR", "352 256 424")).toEqual({ country: "FR", number: "352256424" });
    // A SIRET (SIREN + establishment) is its company's SIREN.
    expect(companyKey("FR", "35225642400016")).toEqual(companyKey("FR", "352256424"));
  });
});

describe("Norwegian organisation numbers and French SIRETs", () => {
  it("checks the MOD 11 digit of an organisation number", () => {
    expect(checkRegistrationNumber("NO", "923 609 016")).toEqual({ ok: true, number: "923609016" });
    expect(checkRegistrationNumber("NO", "964118191")).toEqual({ ok: true, number: "964118191" });
    expect(checkRegistrationNumber("NO", "923609017")).toMatchObject({ ok: false, message: /check digit/ });
    expect(checkRegistrationNumber("NO", "92360901")).toMatchObject({ ok: false, message: /9 digits/ });
  });

  it("reads a SIRET as its SIREN after checking its own Luhn digit", () => {
    expect(checkRegistrationNumber("FR", "352 256 424 00016")).toEqual({ ok: true, number: "352 256 424" });
    expect(checkRegistrationNumber("FR", "35225642400017")).toMatchObject({ ok: false, message: /French SIRET/ });
  });
});

describe("nationalIdentity", () => {
  const record = {
    legalName: "Arval Service Lease",
    legalForm: null,
    status: "active" as const,
    statusDetail: null,
    registrationNumber: "352256424",
    registrationAuthority: "RA000189",
    registeredAddress: { lines: [], postalCode: null, city: "Rueil-Malmaison", region: null, country: "fr" },
    foundedOn: null,
    lei: "969500TESTLEI0000042",
  };
  it("is the record's registration number in its legal address's country; none without either", () => {
    expect(nationalIdentity(record)).toEqual({ country: "FR", number: "352256424" });
    expect(nationalIdentity({ ...record, registeredAddress: null })).toBeNull();
    expect(nationalIdentity({ ...record, registrationNumber: "" })).toBeNull();
    expect(readsByLei("gleif")).toBe(true);
    expect(readsByLei("fr_recherche_entreprises")).toBe(false);
  });
});

describe("parseFreshness", () => {
  it("puts the setting's pairs over the defaults and refuses a pair it cannot read", () => {
    const f = parseFreshness("information=2h,financials=30d");
    expect(f.information).toBe(7_200_000);
    expect(f.financials).toBe(30 * 86_400_000);
    expect(f.officers).toBe(86_400_000);
    expect(() => parseFreshness("information=soon")).toThrow(/information=soon/);
  });
});
