// The lookup route with the registers configured as the demo configures them (the app's settings at
// the banks' fakes): a UK company's information, officers and owners come from Companies House, a
// French one's parents from GLEIF — through the API, each subset naming who served it.
import { describe, expect, it, vi } from "vitest";
import { COMPANIES_HOUSE_REGISTER_PREFIX } from "@/sandbox/shared/prefixes";
import { createCompaniesHouseContract } from "@/testing/support/contract/companies-house";
import { createProfile, globalProfile, lookupAs } from "@/testing/support/datasets/profile-helpers";
import { registerFakeForTestFile } from "@/testing/support/datasets/register-fake";
import { makePerson } from "@/testing/support/fixtures";

// lib/env.ts reads the environment when it loads, so this runs before the imports.
await vi.hoisted(async () => (await import("@/testing/support/test-banks-env")).useRegisterFakes());

const fake = registerFakeForTestFile({
  prefix: COMPANIES_HOUSE_REGISTER_PREFIX,
  apiBase: "",
  specPathBase: "",
  contract: createCompaniesHouseContract,
});

describe("company lookup through the API with the registers' fakes", () => {
  it("serves a UK company from Companies House and a French company's parents from GLEIF", async () => {
    const admin = await makePerson("registers");
    await createProfile(
      admin.token,
      admin.scopeId,
      globalProfile({
        is_default: true,
        subset_selection: ["information", "officers", "shareholders"],
        provider_priorities: ["uk_companies_house", "gleif", "sandbox_registry"],
      }),
    );
    const uk = await lookupAs(admin.token, admin.scopeId, "country=GB&number=09876543");
    expect(uk.status).toBe(200);
    const served = Object.fromEntries(uk.json.data.subsets.map((s) => [s.subset, s]));
    for (const subset of ["information", "officers", "shareholders"])
      expect(served[subset]?.provider, subset).toBe("uk_companies_house");
    expect(served.information.data).toMatchObject({
      legalName: "NORTHGATE LOGISTICS PLC",
      registrationAuthority: "Companies House",
    });

    const fr = await lookupAs(admin.token, admin.scopeId, "country=FR&number=352256424");
    const shareholders = fr.json.data.subsets.find((s) => s.subset === "shareholders");
    expect(shareholders?.provider).toBe("gleif");
    expect(shareholders?.data).toEqual({ shareholders: [expect.objectContaining({ name: "BNP PARIBAS" })] });
    expect(shareholders?.attempts[0]).toMatchObject({ provider: "uk_companies_house", outcome: "skipped" });

    expect(fake.server.contract.violations).toEqual([]);
    expect(fake.server.contract.requests).toBeGreaterThanOrEqual(3);
  });
});
