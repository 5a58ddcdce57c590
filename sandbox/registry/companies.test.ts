// The sandbox company registry: its companies (deterministic from the seed, consistent figures) and
// its API as the product's provider reads it.
import { describe, expect, it } from "vitest";
import { belgianValid, luhnValid, spanishValid } from "@/lib/datasets/check-digits";
import { SANDBOX_REGISTRY_COUNTRIES } from "@/lib/datasets/providers/sandbox-registry";
import { registrationExample } from "@/lib/datasets/registration-number";
import { sandboxCompany } from "@/sandbox/registry/companies";
import { SANDBOX_COUNTRIES } from "@/sandbox/registry/countries";
import { bankRequest, TEST_REGISTRY_SEED } from "@/sandbox/testing/test-banks";

const SEED = "unit-test-seed";

describe("sandbox company registry", () => {
  it("holds companies of exactly the countries the product's provider says it covers", () => {
    expect(Object.keys(SANDBOX_COUNTRIES).sort()).toEqual([...SANDBOX_REGISTRY_COUNTRIES].sort());
  });

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
});

describe("the sandbox registry's API", () => {
  const companies = (query: string, method = "GET") =>
    bankRequest<{ company?: unknown; error?: string; message?: string }>("/sandbox-registry/api/companies", {
      query,
      method,
    });

  it("answers a well-formed number with the company its seed makes", async () => {
    const res = await companies("country=FR&number=732%20829%20320");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.json.company).toEqual(sandboxCompany({ country: "FR", number: "732 829 320" }, TEST_REGISTRY_SEED));
  });

  it("answers 404 for a malformed number or a country it does not hold, as a register would", async () => {
    for (const query of ["country=BE&number=0403.170.702", "country=PT&number=500100144", "country=BE"]) {
      const res = await companies(query);
      expect(res.status, query).toBe(404);
      expect(res.json.error).toBe("not_found");
    }
    expect((await companies("country=BE&number=0403.170.701", "POST")).status).toBe(405);
    expect((await bankRequest("/sandbox-registry/api/other")).status).toBe(404);
  });
});
