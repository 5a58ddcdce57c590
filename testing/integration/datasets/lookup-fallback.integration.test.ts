// Company lookup's provider fallback: the real GLEIF provider against a local fake server, with
// the sandbox registry behind it (over HTTP, on the test's banks server).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { lookupCompany } from "@/lib/datasets/lookup";
import { createGleifProvider } from "@/lib/datasets/providers/gleif-provider";
import { createSandboxRegistry } from "@/lib/datasets/providers/sandbox-registry";
import { createProfile, globalProfile, lookupAs } from "@/testing/support/datasets/profile-helpers";
import { FAKE_GLEIF_NUMBER, startFakeGleif, type FakeGleif } from "@/testing/support/datasets/fake-gleif";
import { withSandboxRegistry } from "@/testing/support/datasets/sandbox-registry";
import { makePerson } from "@/testing/support/fixtures";

let fake: FakeGleif;
const registry = withSandboxRegistry();

beforeAll(async () => {
  fake = await startFakeGleif();
});
afterAll(async () => fake.close());

describe("provider fallback with the real GLEIF provider against a local fake server", () => {
  let scopeId: string;
  let profileId: string;
  const providers = () => [
    createSandboxRegistry({ baseUrl: registry.baseUrl, timeoutMs: 2000, isEnabled: true }),
    createGleifProvider({ baseUrl: fake.baseUrl, timeoutMs: 2000, isEnabled: true }),
  ];
  // refresh: each case asks the providers again instead of reading what the case before kept.
  const run = (country = "BE", number = FAKE_GLEIF_NUMBER) =>
    lookupCompany(prisma(), scopeId, { country, number, profileId, refresh: true }, providers());

  beforeAll(async () => {
    const admin = await makePerson("fallback");
    scopeId = admin.scopeId;
    const p = await createProfile(
      admin.token,
      scopeId,
      globalProfile({
        subset_selection: ["information", "financials", "shareholders"],
        provider_priorities: ["gleif", "sandbox_registry"],
      }),
    );
    profileId = p.json.data.id;
  });

  it("GLEIF serves information and shareholders; financials, which GLEIF lacks, fall back to the sandbox", async () => {
    fake.setMode("normal");
    const result = await run();
    const by = Object.fromEntries(result.subsets.map((s) => [s.subset, s]));
    expect(by.information.provider).toBe("gleif");
    expect(by.information.data).toMatchObject({ legalName: "Brouwerij Van Dijk NV", lei: "5493004LLDEMO0BE0042" });
    expect(by.shareholders.provider).toBe("gleif");
    expect(by.financials.provider).toBe("sandbox_registry");
    expect(by.financials.attempts).toEqual([
      { provider: "gleif", outcome: "skipped", reason: "does not provide financials" },
      { provider: "sandbox_registry", outcome: "served", reason: null },
    ]);
    expect(
      fake.requests.some(
        (r) =>
          r.includes("filter%5Bentity.registeredAs%5D=0403170701") ||
          r.includes("filter[entity.registeredAs]=0403170701"),
      ),
    ).toBe(true);
  });

  it("when GLEIF has no parent for this company, shareholders come from the sandbox", async () => {
    fake.setMode("no_parents");
    const result = await run();
    const shareholders = result.subsets.find((s) => s.subset === "shareholders");
    expect(shareholders?.provider).toBe("sandbox_registry");
    expect(shareholders?.attempts[0]).toMatchObject({ provider: "gleif", outcome: "not_found" });
  });

  it("when GLEIF fails, every subset falls back to the sandbox and the failure is reported", async () => {
    fake.setMode("failing");
    const result = await run();
    expect(result.subsets.every((s) => s.status === "served" && s.provider === "sandbox_registry")).toBe(true);
    const info = result.subsets.find((s) => s.subset === "information");
    expect(info?.attempts[0]).toMatchObject({ provider: "gleif", outcome: "failed" });
    expect(info?.attempts[0].reason).toMatch(/unavailable: GLEIF answered 503/);
  });

  it("a country the sandbox does not cover and GLEIF does not know leaves subsets unavailable, with reasons", async () => {
    fake.setMode("normal");
    const result = await run("PT", "500100144");
    for (const s of result.subsets) {
      expect(s.status).toBe("unavailable");
      expect(s.attempts.map((a) => a.provider)).toContain("sandbox_registry");
    }
    expect(result.subsets[1].attempts).toEqual([
      { provider: "gleif", outcome: "skipped", reason: "does not provide financials" },
      { provider: "sandbox_registry", outcome: "skipped", reason: "does not cover country PT" },
    ]);
  });

  it("GLEIF is switched off in the test environment, so the route never calls the internet", async () => {
    const admin = await makePerson("offline");
    await createProfile(
      admin.token,
      admin.scopeId,
      globalProfile({
        is_default: true,
        subset_selection: ["information"],
        provider_priorities: ["gleif", "sandbox_registry"],
      }),
    );
    const res = await lookupAs(admin.token, admin.scopeId, "country=BE&number=0403170701");
    expect(res.json.data.subsets[0].attempts[0]).toEqual({
      provider: "gleif",
      outcome: "skipped",
      reason: "switched off by configuration",
    });
    expect(res.json.data.subsets[0].provider).toBe("sandbox_registry");
  });
});
