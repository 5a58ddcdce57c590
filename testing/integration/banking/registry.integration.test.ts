// The product reaches the sandbox bank only over HTTP at SANDBOX_BANK_URL, as it would a real bank:
// the "sandbox" integration reads its directory there (and so every bank's base URL), and is absent
// when SANDBOX_BANK_ENABLED is off — as under NODE_ENV=production unless enabled.
import { afterEach, describe, expect, it, vi } from "vitest";
import { useBanksServer } from "@/testing/support/banks-server";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

async function freshRegistry() {
  vi.resetModules();
  return import("@/lib/banking/registry");
}

describe("the sandbox integration", () => {
  it("lists the banks of the directory at SANDBOX_BANK_URL, on that origin", async () => {
    const server = await useBanksServer();
    try {
      vi.stubEnv("SANDBOX_BANK_URL", server.origin);
      vi.stubEnv("SANDBOX_BANK_ENABLED", "1");
      const { integrationFor } = await freshRegistry();
      const sandbox = integrationFor("sandbox");
      const banks = (await sandbox?.listBanks("NL")) ?? [];
      expect(banks.map((b) => b.bankId)).toEqual(["sbx-nl-01", "sbx-nl-02"]);
      expect(new Set(banks.map((b) => b.integrationName))).toEqual(new Set(["sandbox"]));
    } finally {
      await server.release();
    }
  });

  it("defaults to http://127.0.0.1:<PORT + 1>, where `npm start` runs the banks", async () => {
    vi.stubEnv("SANDBOX_BANK_URL", undefined);
    vi.stubEnv("PORT", "4310");
    vi.resetModules();
    const { sandboxBankUrl } = await import("@/lib/env");
    expect(sandboxBankUrl()).toBe("http://127.0.0.1:4311");
  });

  it("is absent under NODE_ENV=production unless SANDBOX_BANK_ENABLED=1", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("SANDBOX_BANK_ENABLED", undefined);
    expect((await freshRegistry()).integrationNames()).not.toContain("sandbox");
    vi.stubEnv("SANDBOX_BANK_ENABLED", "1");
    expect((await freshRegistry()).integrationNames()).toContain("sandbox");
  });
});
