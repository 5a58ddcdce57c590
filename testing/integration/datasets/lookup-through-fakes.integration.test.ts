// The lookup through a real register's fake (France's, in the banks' process) with the sandbox
// registry behind it, both over HTTP, every call through the provider guard: Arval Service Lease
// served by France with its record link; a second lookup within the freshness makes no call to the
// fake (its counter), refresh=true makes one; and the fake's faults — 503, 429 with Retry-After, no
// such record — each answered by the next provider with the reason.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { lookupCompany } from "@/lib/datasets/lookup";
import { resetProviderGuard } from "@/lib/datasets/provider-guard-store";
import { createFranceProvider, FRANCE_PROVIDER_ID } from "@/lib/datasets/providers/france-provider";
import { createSandboxRegistry, SANDBOX_PROVIDER_ID } from "@/lib/datasets/providers/sandbox-registry";
import { FRANCE_REGISTER_PREFIX } from "@/sandbox/shared/prefixes";
import { registerControls, withRegisterFake } from "@/testing/support/datasets/register-fakes";
import { withSandboxRegistry } from "@/testing/support/datasets/sandbox-registry";
import { makePerson } from "@/testing/support/fixtures";

const fake = withRegisterFake(FRANCE_REGISTER_PREFIX, []);
const { mode, calls } = registerControls(FRANCE_REGISTER_PREFIX);
const registry = withSandboxRegistry();
let scopeId: string;

const providers = () => [
  createFranceProvider({ baseUrl: fake.baseUrl, timeoutMs: 2000, isEnabled: true }),
  createSandboxRegistry({ baseUrl: registry.baseUrl, timeoutMs: 2000, isEnabled: true }),
];
const lookup = (refresh = false) =>
  lookupCompany(prisma(), scopeId, { country: "FR", number: "352256424", refresh }, providers());

beforeAll(async () => {
  scopeId = (await makePerson("through-fakes")).scopeId;
  await prisma().datasetProfile.create({
    data: {
      scopeId,
      name: "France first",
      target: "global",
      isDefault: true,
      subsetSelection: ["information", "financials"],
      providerPriorities: [FRANCE_PROVIDER_ID, SANDBOX_PROVIDER_ID],
    },
  });
});
beforeEach(async () => {
  await resetProviderGuard(FRANCE_PROVIDER_ID);
  await resetProviderGuard(SANDBOX_PROVIDER_ID);
});

describe("the lookup through the France fake", () => {
  it("serves both subsets from France with provenance; within the freshness no call reaches the fake", async () => {
    const first = await lookup(true);
    expect(first.subsets.map((s) => [s.subset, s.provider, s.cached])).toEqual([
      ["information", FRANCE_PROVIDER_ID, false],
      ["financials", FRANCE_PROVIDER_ID, false],
    ]);
    expect(first.subsets[0].recordUrl).toBe("https://annuaire-entreprises.data.gouv.fr/entreprise/352256424");
    const made = await calls();
    const second = await lookup();
    expect(second.subsets.every((s) => s.cached)).toBe(true);
    expect(await calls()).toBe(made);
    await lookup(true);
    expect(await calls()).toBeGreaterThan(made);
  });

  it("503, 429 with Retry-After and no such record: each answered by the sandbox registry, with the reason", async () => {
    const firstAttempt = async () => {
      const result = await lookup(true);
      expect(result.subsets.map((s) => s.provider)).toEqual([SANDBOX_PROVIDER_ID, SANDBOX_PROVIDER_ID]);
      return result.subsets[0].attempts[0];
    };
    await mode({ mode: "unavailable" });
    expect(await firstAttempt()).toMatchObject({
      provider: FRANCE_PROVIDER_ID,
      outcome: "failed",
      reason: /^unavailable: /,
    });
    await mode({ mode: "empty" });
    expect(await firstAttempt()).toMatchObject({ provider: FRANCE_PROVIDER_ID, outcome: "not_found" });
    await mode({ mode: "rate_limited", retryAfterSeconds: 7 });
    expect(await firstAttempt()).toMatchObject({
      provider: FRANCE_PROVIDER_ID,
      outcome: "failed",
      reason: /^rate_limited: /,
    });
    // The Retry-After holds: the next lookup does not call France at all.
    const made = await calls();
    expect(await firstAttempt()).toMatchObject({
      provider: FRANCE_PROVIDER_ID,
      outcome: "skipped",
      reason: expect.stringMatching(/^rate limit reached, next call allowed in [67] s$/) as string,
    });
    expect(await calls()).toBe(made);
  });
});
