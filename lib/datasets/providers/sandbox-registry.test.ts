import { describe, expect, it } from "vitest";
import { belgianValid, luhnValid, spanishValid } from "@/lib/datasets/check-digits";
import { SANDBOX_COUNTRIES } from "@/lib/datasets/providers/sandbox-countries";
import { registrationExample } from "@/lib/datasets/registration-number";
import { createSandboxRegistry, sandboxCompany } from "@/lib/datasets/providers/sandbox-registry";
import { providerErrorOf } from "@/lib/provider-errors";

const SEED = "unit-test-seed";

describe("sandbox company registry", () => {
  it("gives every country's example number a company, the same one every time", () => {
    for (const country of Object.keys(SANDBOX_COUNTRIES)) {
      const example = registrationExample(country)?.example ?? "";
      const a = sandboxCompany({ country, number: example }, SEED);
      expect(a, country).not.toBeNull();
      expect(sandboxCompany({ country, number: example }, SEED)).toEqual(a);
      expect(a?.information.registeredAddress?.country).toBe(country);
      expect(a?.information.legalName).toMatch(/\S+ \S+/);
    }
  });

  it("accepts a number with or without separators as the same company; other numbers and seeds differ", () => {
    const dotted = sandboxCompany({ country: "BE", number: "0403.170.701" }, SEED);
    expect(sandboxCompany({ country: "BE", number: "0403170701" }, SEED)).toEqual(dotted);
    const other = sandboxCompany({ country: "BE", number: "0403.199.702" }, SEED);
    expect(other?.information.registrationNumber).toBe("0403.199.702");
    expect(sandboxCompany({ country: "BE", number: "0403.170.701" }, "another seed")).not.toEqual(dotted);
  });

  it("keeps the numbers consistent: shares add up to 100, equity below revenue, a band that fits the score", () => {
    for (const number of ["12345678", "87654321", "11223344", "55667788"]) {
      const c = sandboxCompany({ country: "NL", number }, SEED);
      const total = c?.shareholders.shareholders.reduce((sum, s) => sum + Number(s.ownershipPercent), 0);
      expect(total).toBe(100);
      expect(Number(c?.financials.equity)).toBeLessThan(Number(c?.financials.revenue));
      expect(c?.rating.band).toMatch(/^[A-E]$/);
    }
  });

  it("checks registration numbers the way each country does", () => {
    expect(belgianValid("0403170701")).toBe(true);
    expect(belgianValid("0403170702")).toBe(false);
    expect(luhnValid("732829320")).toBe(true);
    expect(luhnValid("732829321")).toBe(false);
    expect(spanishValid("B12345674")).toBe(true);
    expect(spanishValid("B12345675")).toBe(false);
    expect(sandboxCompany({ country: "DE", number: "hrb 42" }, SEED)?.information.registrationNumber).toBe("HRB 42");
    expect(sandboxCompany({ country: "DE", number: "42" }, SEED)).toBeNull();
  });

  it("answers not_found for a malformed number, as a register would", async () => {
    const provider = createSandboxRegistry({ seed: SEED });
    await expect(provider.fetch({ country: "BE", number: "0403.170.702" }, ["information"])).rejects.toSatisfy(
      (e) => providerErrorOf(e)?.code === "not_found",
    );
    const result = await provider.fetch({ country: "FR", number: "732 829 320" }, ["rating"]);
    expect(Object.keys(result)).toEqual(["rating"]);
  });
});
