// The demo points the real company registers' settings at the banks' fakes, never over a URL the
// operator set.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { planDemoBanks } from "./demo-banks";

const plan = (env: Record<string, string>) =>
  planDemoBanks({
    env: { NODE_ENV: "development", SANDBOX_CONTROL_SECRET: "secret", BANKS_PORT: "4999", ...env },
    dataDir: mkdtempSync(path.join(tmpdir(), "demo-banks-")),
    appPort: 4998,
    sandboxDatabaseUrl: null,
  }).appEnv;

describe("the demo's registers", () => {
  it("reach France's and Norway's fakes on the banks' origin", () => {
    expect(plan({})).toMatchObject({
      FR_RECHERCHE_ENTREPRISES_BASE_URL: "http://127.0.0.1:4999/recherche-entreprises-fake",
      BRREG_BASE_URL: "http://127.0.0.1:4999/brreg-fake",
    });
  });

  it("leave a register the operator configured as configured", () => {
    const env = plan({ BRREG_BASE_URL: "https://data.brreg.no" });
    expect(env.BRREG_BASE_URL).toBeUndefined();
    expect(env.FR_RECHERCHE_ENTREPRISES_BASE_URL).toBe("http://127.0.0.1:4999/recherche-entreprises-fake");
  });
});
