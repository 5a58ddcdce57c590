// The no_brreg provider against the banks' fake of Brønnøysund's registers over HTTP, every request
// it sends and every answer the fake gives validated against Brreg's definitions (and the recorded
// roles: testing/support/contract/norway.ts): the subsets it serves, exact figures, a name search,
// and each fault the fake plays as the provider error the lookup falls back on.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNorwayProvider, NORWAY_PROVIDER_ID } from "@/lib/datasets/providers/norway-provider";
import type { CompanyDataProvider, KnownSubset } from "@/lib/datasets/providers/types";
import { NORWAY_REGISTER_PREFIX } from "@/sandbox/shared/prefixes";
import { callBanks } from "@/testing/support/banks-server";
import { createNorwayContracts } from "@/testing/support/contract/norway";
import {
  expectOffUntilConfigured,
  failureOf as failure,
  registerControls,
  reportContract,
  withRegisterFake,
} from "@/testing/support/datasets/register-fakes";

const contracts = createNorwayContracts();
const fake = withRegisterFake(NORWAY_REGISTER_PREFIX, [
  { under: "/enhetsregisteret/api", specPathBase: "", hooks: contracts.units },
  { under: "/regnskapsregisteret", specPathBase: "/regnskapsregisteret", hooks: contracts.accounts },
]);
const { mode, reset, calls } = registerControls(NORWAY_REGISTER_PREFIX);
let provider: CompanyDataProvider;

beforeAll(() => {
  provider = createNorwayProvider({ baseUrl: fake.baseUrl, timeoutMs: 2000, isEnabled: true });
});
afterAll(() => {
  reportContract("Norway (Brønnøysundregistrene)", contracts.stats());
  expect(contracts.units.stats.requests).toBeGreaterThan(5);
  expect(contracts.accounts.stats.requests).toBeGreaterThan(2);
});

const ALL: KnownSubset[] = ["information", "financials", "officers"];
const lookup = (number: string, subsets = ALL) => provider.fetch({ country: "NO", number }, subsets);

describe("Brønnøysundregistrene through its fake", () => {
  it("serves a unit's information, latest accounts to the øre and current roles, with its page on brreg.no", async () => {
    const { subsets, recordUrl } = await lookup("923 456 783");
    expect(recordUrl).toBe("https://virksomhet.brreg.no/nb/oppslag/enheter/923456783");
    expect(subsets.information).toMatchObject({
      legalName: "FJORDLINK LOGISTIKK AS",
      legalForm: "Aksjeselskap",
      status: "active",
      registeredAddress: { lines: ["Kokstadflaten 35"], postalCode: "5257", city: "KOKSTAD", country: "NO" },
      foundedOn: "2019-08-12",
    });
    expect(subsets.financials).toEqual({
      currency: "NOK",
      fiscalYearEnd: "2024-12-31",
      revenue: "48215330.50",
      netResult: "1204377.85",
      equity: "7318240.10",
      totalAssets: "21604118.35",
      employees: null,
    });
    expect(subsets.officers).toMatchObject({
      officers: [
        { name: "Sigrid Haugen", kind: "person", role: "Daglig leder" },
        { name: "Erik Solberg", kind: "person", role: "Styrets leder" },
        { name: "Sigrid Haugen", kind: "person", role: "Styremedlem" },
      ],
    });
  });

  it("serves the recorded answers as the live registers sent them: Equinor's unit and roles, recorded accounts", async () => {
    const equinor = await lookup("923609016", ["information", "officers"]);
    expect(equinor.subsets.information).toMatchObject({ legalName: "EQUINOR ASA", status: "active" });
    expect(equinor.subsets.officers).toHaveProperty("officers.length", 6);
    const accounts = await lookup("964118191", ["financials"]);
    expect(accounts.subsets.financials).toMatchObject({ currency: "EUR", totalAssets: "6440000000.00" });
  });

  it("gives null for a subset the register has no record of, and not_found for a unit it does not hold", async () => {
    const equinor = await lookup("923609016");
    expect(equinor.subsets.financials).toBeNull();
    expect(await failure(lookup("998877660"))).toMatchObject({ code: "not_found" });
    expect(await failure(lookup("12345"))).toMatchObject({ code: "not_found" });
  });

  it("reads a bankrupt, deleted unit as inactive, in the register's words", async () => {
    const { subsets } = await lookup("934567897", ["information"]);
    expect(subsets.information).toMatchObject({ status: "inactive", statusDetail: "Slettet 2025-02-14, Konkurs" });
  });

  it("finds units by name", async () => {
    const found = await provider.search!({ name: "fjordlink", country: "NO", limit: 5 });
    expect(found.map((c) => [c.name, c.number, c.status])).toEqual([["FJORDLINK LOGISTIKK AS", "923456783", "active"]]);
    expect(await provider.search!({ name: "nobody by that name", country: "NO", limit: 5 })).toEqual([]);
  });

  it("turns each fault of the registers into the provider error the lookup falls back on, and counts the calls", async () => {
    await mode({ mode: "unavailable" });
    expect(await failure(lookup("923456783", ["information"]))).toMatchObject({ code: "unavailable", status: 503 });
    await mode({ mode: "rate_limited", retryAfterSeconds: 9 });
    expect(await failure(lookup("923456783", ["financials"]))).toMatchObject({
      code: "rate_limited",
      retryAfterSeconds: 9,
    });
    await mode({ mode: "empty" });
    expect(await failure(lookup("923456783"))).toMatchObject({ code: "not_found" });
    // One call for each subset of the last lookup, side by side.
    expect(await calls()).toBe(5);
    await reset();
    expect(await calls()).toBe(0);
  });

  it("answers the register's 400 for a malformed organisation number", async () => {
    const res = await callBanks(`${NORWAY_REGISTER_PREFIX}/enhetsregisteret/api/enheter/12345`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ status: 400, error: "Bad Request" });
  });
});

describe("the Norway provider's configuration", () => {
  it("is off under NODE_ENV=test until its base URL is set, then reaches it", () => {
    expectOffUntilConfigured("BRREG_BASE_URL", NORWAY_PROVIDER_ID, fake.baseUrl, "NO");
  });
});
