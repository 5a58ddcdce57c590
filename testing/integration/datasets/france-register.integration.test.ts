// The fr_recherche_entreprises provider against the banks' fake of the register over HTTP, every
// request it sends and every answer the fake gives validated against the register's OpenAPI file
// (testing/support/contract/france.ts): the subsets it serves, a name search, and each fault the fake
// plays (503, 429 with Retry-After, an emptied register) as the provider error the lookup falls back on.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFranceProvider, FRANCE_PROVIDER_ID } from "@/lib/datasets/providers/france-provider";
import type { CompanyDataProvider } from "@/lib/datasets/providers/types";
import { FRANCE_REGISTER_PREFIX } from "@/sandbox/shared/prefixes";
import { callBanks } from "@/testing/support/banks-server";
import { createFranceContract } from "@/testing/support/contract/france";
import {
  expectOffUntilConfigured,
  failureOf as failure,
  registerControls,
  reportContract,
  withRegisterFake,
} from "@/testing/support/datasets/register-fakes";

const contract = createFranceContract();
const fake = withRegisterFake(FRANCE_REGISTER_PREFIX, [{ specPathBase: "", hooks: contract }]);
const { mode, reset, calls } = registerControls(FRANCE_REGISTER_PREFIX);
let provider: CompanyDataProvider;

beforeAll(() => {
  provider = createFranceProvider({ baseUrl: fake.baseUrl, timeoutMs: 2000, isEnabled: true });
});
afterAll(() => {
  reportContract("France (recherche-entreprises)", contract.stats);
  expect(contract.stats.requests).toBeGreaterThan(10);
});

const arval = (number = "352256424") =>
  provider.fetch({ country: "FR", number }, ["information", "financials", "officers"]);

describe("recherche-entreprises through its fake", () => {
  it("serves Arval Service Lease's information, latest financials and officers, with its public page", async () => {
    const { subsets, recordUrl } = await arval();
    expect(recordUrl).toBe("https://annuaire-entreprises.data.gouv.fr/entreprise/352256424");
    expect(subsets.information).toMatchObject({
      legalName: "ARVAL SERVICE LEASE",
      status: "active",
      registrationNumber: "352256424",
      registeredAddress: { lines: ["1 BD HAUSSMANN"], postalCode: "75009", city: "PARIS", country: "FR" },
    });
    expect(subsets.financials).toEqual({
      currency: "EUR",
      fiscalYearEnd: "2024-12-31",
      revenue: "10156000000",
      netResult: "671000000",
      equity: null,
      totalAssets: null,
      employees: null,
    });
    expect(subsets.officers).toMatchObject({
      officers: expect.arrayContaining([
        { name: "THOMAS MARCHAND", kind: "person", role: "Directeur général", appointedOn: null, resignedOn: null },
        {
          name: "MAZARS",
          kind: "company",
          role: "Commissaire aux comptes titulaire",
          appointedOn: null,
          resignedOn: null,
        },
      ]) as unknown,
    });
    expect(await arval("35225642400019")).toEqual({ subsets, recordUrl });
  });

  it("serves only the subsets asked for; a recorded company as the live API answered it", async () => {
    const laPoste = await provider.fetch({ country: "FR", number: "356000000" }, ["financials"]);
    expect(Object.keys(laPoste.subsets)).toEqual(["financials"]);
    expect(laPoste.subsets.financials).toMatchObject({ revenue: "34569000000", netResult: "1722000000" });
  });

  it("reads a ceased company as inactive, in the register's words", async () => {
    const { subsets } = await provider.fetch({ country: "FR", number: "823456785" }, ["information"]);
    expect(subsets.information).toMatchObject({ status: "inactive", statusDetail: "Cessée le 2024-06-30" });
  });

  it("reports a SIREN it does not hold, and a number that is none, as not_found", async () => {
    expect(await failure(arval("834567893"))).toMatchObject({ code: "not_found" });
    expect(await failure(provider.fetch({ country: "FR", number: "12345" }, ["information"]))).toMatchObject({
      code: "not_found",
    });
  });

  it("finds companies by name, accents and case aside", async () => {
    const found = await provider.search!({ name: "arval service lease", country: "FR", limit: 5 });
    expect(found.map((c) => [c.name, c.number, c.status])).toEqual([["ARVAL SERVICE LEASE", "352256424", "active"]]);
    expect(found[0].recordUrl).toBe("https://annuaire-entreprises.data.gouv.fr/entreprise/352256424");
    expect((await provider.search!({ name: "Essor Énergies", country: "FR", limit: 5 })).map((c) => c.number)).toEqual([
      "487444697",
    ]);
    expect(await provider.search!({ name: "nobody by that name", country: "FR", limit: 5 })).toEqual([]);
  });

  it("turns each fault of the register into the provider error the lookup falls back on, and counts the calls", async () => {
    await mode({ mode: "unavailable" });
    expect(await failure(arval())).toMatchObject({ code: "unavailable", status: 503 });
    await mode({ mode: "rate_limited", retryAfterSeconds: 12 });
    expect(await failure(arval())).toMatchObject({ code: "rate_limited", status: 429, retryAfterSeconds: 12 });
    await mode({ mode: "empty" });
    expect(await failure(arval())).toMatchObject({ code: "not_found" });
    expect(await calls()).toBe(3);
    await reset();
    await arval();
    expect(await calls()).toBe(1);
  });

  it("answers the API's own 400 for a request without a search term", async () => {
    const res = await callBanks(`${FRANCE_REGISTER_PREFIX}/search?q=`);
    expect([res.status, await res.json()]).toEqual([
      400,
      { erreur: "Veuillez indiquer au moins un paramètre de recherche." },
    ]);
  });
});

describe("the France provider's configuration", () => {
  it("is off under NODE_ENV=test until its base URL is set, then reaches it", () => {
    expectOffUntilConfigured("FR_RECHERCHE_ENTREPRISES_BASE_URL", FRANCE_PROVIDER_ID, fake.baseUrl, "FR");
  });
});
