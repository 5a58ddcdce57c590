// What the demo's banks plan tells the app about the company registers: France, Norway, GLEIF and
// Companies House at their fakes in the banks unless the operator set them, the Companies House
// fake's key made once under DATA_DIR and given to both sides.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { planDemoBanks } from "./demo-banks";

const dataDir = mkdtempSync(path.join(tmpdir(), "demo-banks-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const plan = (env: Record<string, string> = {}) =>
  planDemoBanks({ env: env as NodeJS.ProcessEnv, dataDir, appPort: 4100, sandboxDatabaseUrl: null });

describe("the demo's registers", () => {
  it("point GLEIF and Companies House at the banks' fakes, with one key made once for both sides", () => {
    const first = plan();
    expect(first.appEnv).toMatchObject({
      GLEIF_BASE_URL: "http://127.0.0.1:4101/gleif-fake/api/v1",
      COMPANIES_HOUSE_BASE_URL: "http://127.0.0.1:4101/companies-house-fake",
    });
    expect(first.appEnv.COMPANIES_HOUSE_API_KEY).toMatch(/^[\w-]{40,}$/);
    expect(first.banksEnv.COMPANIES_HOUSE_FAKE_API_KEY).toBe(first.appEnv.COMPANIES_HOUSE_API_KEY);
    expect(plan().appEnv.COMPANIES_HOUSE_API_KEY).toBe(first.appEnv.COMPANIES_HOUSE_API_KEY);
  });

  it("leave a register the operator configured alone", () => {
    const own = plan({ GLEIF_BASE_URL: "https://gleif.example/api/v1", COMPANIES_HOUSE_API_KEY: "real-key" });
    expect(own.appEnv).not.toHaveProperty("GLEIF_BASE_URL");
    expect(own.appEnv).not.toHaveProperty("COMPANIES_HOUSE_BASE_URL");
    expect(own.appEnv).not.toHaveProperty("COMPANIES_HOUSE_API_KEY");
    expect(own.banksEnv).not.toHaveProperty("COMPANIES_HOUSE_FAKE_API_KEY");
  });

  it("reach France's and Norway's fakes on the banks' origin", () => {
    expect(plan().appEnv).toMatchObject({
      FR_RECHERCHE_ENTREPRISES_BASE_URL: "http://127.0.0.1:4101/recherche-entreprises-fake",
      BRREG_BASE_URL: "http://127.0.0.1:4101/brreg-fake",
    });
  });

  it("leave France or Norway the operator configured as configured", () => {
    const env = plan({ BRREG_BASE_URL: "https://data.brreg.no" }).appEnv;
    expect(env.BRREG_BASE_URL).toBeUndefined();
    expect(env.FR_RECHERCHE_ENTREPRISES_BASE_URL).toBe("http://127.0.0.1:4101/recherche-entreprises-fake");
  });
});
