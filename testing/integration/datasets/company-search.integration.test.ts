// Companies by name: every register that searches by name and covers the country is asked at once
// (through the provider guard), one company found by two registers is shown once, and each
// register's outcome is reported. The route: its validation, and registers that cannot search.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as searchRoute from "@/app/api/companies/v1/search/route";
import { searchCompanies } from "@/lib/datasets/company-search";
import { appGuard, resetProviderGuard } from "@/lib/datasets/provider-guard-store";
import type { CompanyCandidate, CompanyDataProvider } from "@/lib/datasets/providers/types";
import { ProviderError } from "@/lib/provider-errors";
import { makePerson } from "@/testing/support/fixtures";
import { bearer, call } from "@/testing/support/http";

const arval = (number: string, lei: string | null): CompanyCandidate => ({
  name: "ARVAL SERVICE LEASE",
  country: "FR",
  number,
  lei,
  legalForm: "SA",
  status: "active",
  address: {
    lines: ["22 rue des Deux Gares"],
    postalCode: "92500",
    city: "Rueil-Malmaison",
    region: null,
    country: "FR",
  },
  recordUrl: null,
});

function searching(
  id: string,
  found: () => Promise<CompanyCandidate[]>,
  countries: string[] | null,
): CompanyDataProvider {
  return {
    id,
    name: id,
    isEnabled: true,
    subsets: ["information"],
    countries,
    fetch: () => Promise.reject(new Error("not asked")),
    search: found,
  };
}

beforeEach(async () => {
  for (const id of ["fr_recherche_entreprises", "gleif", "no_brreg"]) await resetProviderGuard(id);
});

describe("searchCompanies", () => {
  it("asks each register that covers the country, shows a company found twice once, and says how each went", async () => {
    const result = await searchCompanies(
      { name: "arval service lease", country: "FR", limit: 10 },
      [
        searching("fr_recherche_entreprises", () => Promise.resolve([arval("352256424", null)]), ["FR"]),
        searching("gleif", () => Promise.resolve([arval("352 256 424", "969500TESTLEI0000042")]), null),
        searching("no_brreg", () => Promise.reject(new ProviderError("unavailable", "down")), ["NO"]),
      ],
      appGuard(),
    );
    expect(result.candidates).toEqual([{ ...arval("352256424", null), provider: "fr_recherche_entreprises" }]);
    expect(result.attempts).toEqual([
      { provider: "fr_recherche_entreprises", outcome: "served", reason: null },
      { provider: "gleif", outcome: "served", reason: null },
      { provider: "no_brreg", outcome: "skipped", reason: "does not cover country FR" },
    ]);
  });

  it("a register that fails is reported and the others still answer", async () => {
    const result = await searchCompanies(
      { name: "arval", country: "FR", limit: 10 },
      [
        searching(
          "fr_recherche_entreprises",
          () => Promise.reject(new ProviderError("unavailable", "answered 503.")),
          null,
        ),
        searching("gleif", () => Promise.resolve([arval("352256424", null)]), null),
      ],
      appGuard(),
    );
    expect(result.candidates.map((c) => c.provider)).toEqual(["gleif"]);
    expect(result.attempts[0]).toEqual({
      provider: "fr_recherche_entreprises",
      outcome: "failed",
      reason: "unavailable: answered 503.",
    });
  });
});

describe("GET /api/companies/v1/search", () => {
  let person: Awaited<ReturnType<typeof makePerson>>;
  beforeAll(async () => {
    person = await makePerson("search");
  });
  const search = (query: string) =>
    call<{ data: { candidates: unknown[]; attempts: { provider: string; outcome: string; reason: string | null }[] } }>(
      searchRoute.GET,
      "GET",
      "/api/companies/v1/search",
      { headers: bearer(person.token, person.scopeId), query },
    );

  it("validates the name and country, asks the registers that search by name and reports those it skips", async () => {
    const bad = await search("name=a&country=France");
    expect(bad.status).toBe(422);
    const ok = await search("name=arval&country=FR");
    expect(ok.status).toBe(200);
    // The sandbox registry searches by name (sandbox/registry/search.ts): it is asked. GLEIF is off in
    // tests: skipped, with the reason.
    const attempt = (provider: string) => ok.json.data.attempts.find((a) => a.provider === provider);
    expect(attempt("sandbox_registry")?.outcome).not.toBe("skipped");
    expect(attempt("gleif")?.outcome).toBe("skipped");
    expect(attempt("gleif")?.reason).toMatch(/\S/);
  });
});
