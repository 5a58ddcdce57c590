// The Companies House provider against the register's fake in the banks, over HTTP: every subset it
// serves, the search by name, a wrong key, and each fault mode of the fake; every request the provider
// sends and every answer the fake gives is validated against the register's definition (apispec.json).
import { describe, expect, it } from "vitest";
import { createCompaniesHouseProvider } from "@/lib/datasets/providers/companies-house-provider";
import type { CompanyDataProvider } from "@/lib/datasets/providers/types";
import { COMPANIES_HOUSE_REGISTER_PREFIX } from "@/sandbox/shared/prefixes";
import { createCompaniesHouseContract } from "@/testing/support/contract/companies-house";
import { registerCalls, registerControl, registerFakeForTestFile } from "@/testing/support/datasets/register-fake";
import { testBanksConfig } from "@/testing/support/test-banks-env";

const fake = registerFakeForTestFile({
  prefix: COMPANIES_HOUSE_REGISTER_PREFIX,
  apiBase: "",
  specPathBase: "",
  contract: createCompaniesHouseContract,
});

const provider = (apiKey = testBanksConfig().companiesHouseKey): CompanyDataProvider =>
  createCompaniesHouseProvider({ baseUrl: fake.server.baseUrl, timeoutMs: 5000, apiKey });

const ALL = ["information", "officers", "shareholders"] as const;
const gb = (number: string) => ({ country: "GB", number });

describe("Companies House provider against its fake", () => {
  it("serves information, officers and owners of the real sample company, with its record page", async () => {
    const answer = await provider().fetch(gb("8957400"), [...ALL]);
    expect(answer.recordUrl).toBe("https://find-and-update.company-information.service.gov.uk/company/08957400");
    expect(answer.subsets.information).toMatchObject({
      legalName: "CANDOUR GROUP LIMITED",
      legalForm: "Private limited company",
      status: "active",
      registrationNumber: "08957400",
      registeredAddress: { city: "Canterbury", postalCode: "CT1 3DZ", country: "GB" },
    });
    expect(answer.subsets.officers).toEqual({
      officers: [
        { name: "HALE, Martin James", kind: "person", role: "Director", appointedOn: "2014-03-25", resignedOn: null },
        { name: "HALE, Susan", kind: "person", role: "Secretary", appointedOn: "2014-03-25", resignedOn: "2019-11-30" },
      ],
    });
    expect(answer.subsets.shareholders).toEqual({
      shareholders: [
        expect.objectContaining({ name: "Mr Martin James Hale", kind: "person", ownershipBand: "75-100" }),
      ],
    });
  });

  it("reads the real persons-with-significant-control sample: the one controller left, a band and no figure", async () => {
    const answer = await provider().fetch(gb("04053514"), ["shareholders"]);
    expect(answer.subsets).toEqual({
      shareholders: {
        shareholders: [
          {
            name: "Yorkshire Air Ambulance Ltd",
            kind: "company",
            ownershipPercent: null,
            ownershipBand: "75-100",
            relationship: "shareholder",
            lei: null,
            country: null,
          },
        ],
      },
    });
  });

  it("flags a dissolved company inactive, with the register's word, and lists its resigned officer", async () => {
    const answer = await provider().fetch(gb("sc612345"), ["information", "officers"]);
    expect(answer.subsets.information).toMatchObject({ status: "inactive", statusDetail: "Dissolved" });
    expect(answer.subsets.officers).toEqual({
      officers: [expect.objectContaining({ name: "MCLEOD, Fiona", resignedOn: "2023-02-14" })],
    });
  });

  it("finds companies by name in the United Kingdom only", async () => {
    const candidates = await provider().search?.({ name: "Northgate logistics", country: "GB", limit: 5 });
    expect(candidates).toEqual([
      expect.objectContaining({ name: "NORTHGATE LOGISTICS PLC", number: "09876543", status: "active", lei: null }),
    ]);
    const before = await registerCalls(COMPANIES_HOUSE_REGISTER_PREFIX);
    expect(await provider().search?.({ name: "Northgate", country: "FR", limit: 5 })).toEqual([]);
    expect(await registerCalls(COMPANIES_HOUSE_REGISTER_PREFIX)).toBe(before);
  });

  it("a number the register does not hold is not_found; a wrong key is rejected (401)", async () => {
    await expect(provider().fetch(gb("12345678"), ["information"])).rejects.toMatchObject({ code: "not_found" });
    await expect(provider("not-the-key").fetch(gb("08957400"), ["information"])).rejects.toMatchObject({
      code: "rejected",
      status: 401,
    });
    expect(provider(null).isEnabled).toBe(false);
  });

  it("plays each fault mode, and counts every call", async () => {
    const before = await registerCalls(COMPANIES_HOUSE_REGISTER_PREFIX);
    await registerControl(COMPANIES_HOUSE_REGISTER_PREFIX, "mode", { mode: "unavailable" });
    await expect(provider().fetch(gb("08957400"), ["information"])).rejects.toMatchObject({
      code: "unavailable",
      status: 503,
    });
    await registerControl(COMPANIES_HOUSE_REGISTER_PREFIX, "mode", { mode: "rate_limited", retryAfterSeconds: 7 });
    await expect(provider().fetch(gb("08957400"), ["information"])).rejects.toMatchObject({
      code: "rate_limited",
      retryAfterSeconds: 7,
    });
    await registerControl(COMPANIES_HOUSE_REGISTER_PREFIX, "mode", { mode: "empty" });
    await expect(provider().fetch(gb("08957400"), [...ALL])).rejects.toMatchObject({ code: "not_found" });
    expect(await provider().search?.({ name: "Candour", country: "GB", limit: 5 })).toEqual([]);
    expect(await registerCalls(COMPANIES_HOUSE_REGISTER_PREFIX)).toBe(before + 4);
    await registerControl(COMPANIES_HOUSE_REGISTER_PREFIX, "reset");
    expect(await registerCalls(COMPANIES_HOUSE_REGISTER_PREFIX)).toBe(0);
  });

  it("sent and answered only what the register's definition allows", () => {
    const { requests, responses, violations, allowed } = fake.server.contract as typeof fake.server.contract & {
      allowed: string[];
    };
    console.log(
      `Companies House contract: ${requests} requests and ${responses} responses validated, ${violations.length} violations` +
        ` (${allowed.length} fault answers the definition leaves out: ${[...new Set(allowed)].join(", ")})`,
    );
    expect(violations).toEqual([]);
    expect(requests).toBeGreaterThanOrEqual(12);
    expect(responses).toBe(requests);
  });
});
