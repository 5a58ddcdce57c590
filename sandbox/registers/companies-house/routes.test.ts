// The Companies House fake's own answers: the key it asks for, the register's 404 body, the real
// samples served as recorded, and the search.
import { describe, expect, it } from "vitest";
import candour from "@/sandbox/registers/companies-house/records/company-profile-08957400.json";
import { handleCompaniesHouseFake } from "@/sandbox/registers/companies-house/routes";
import { createRegisterFaults } from "@/sandbox/registers/shared/faults";

const KEY = "fake-key";
const options = { apiKey: KEY, controlSecret: "secret", faults: createRegisterFaults() };
const basic = (key: string) => ({ authorization: `Basic ${Buffer.from(`${key}:`).toString("base64")}` });

const get = async (path: string, headers: Record<string, string> = basic(KEY)) => {
  const response = await handleCompaniesHouseFake(
    new Request(`http://banks.test/companies-house-fake${path}`, { headers }),
    options,
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe("the Companies House fake", () => {
  it("refuses a call without its key, or with another (401)", async () => {
    expect((await get("/company/08957400", {})).status).toBe(401);
    expect((await get("/company/08957400", basic("other"))).status).toBe(401);
  });

  it("serves the real sample profile as recorded, and the register's 404 body for an unknown number", async () => {
    expect(await get("/company/08957400")).toEqual({ status: 200, body: candour });
    expect(await get("/company/12345678")).toEqual({
      status: 404,
      body: { errors: [{ error: "company-profile-not-found", type: "ch:service" }] },
    });
  });

  it("lists officers with their counts, and finds companies by a part of their name", async () => {
    const officers = await get("/company/08957400/officers");
    expect(officers.body).toMatchObject({ kind: "officer-list", total_results: 2, active_count: 1, resigned_count: 1 });
    const search = await get("/search/companies?q=harbour%20lane&items_per_page=5");
    expect(search.body).toMatchObject({
      kind: "search#companies",
      total_results: 1,
      items: [{ company_number: "SC612345", company_status: "dissolved", kind: "searchresults#company" }],
    });
  });
});
