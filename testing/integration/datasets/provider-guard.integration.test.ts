// The provider guard against an HTTP stand-in of a register, with its state in PostgreSQL: the first
// provider down (503), without the record (404) or rate-limited (429 + Retry-After) is answered by
// the next with the reason; a Retry-After holds on every instance; five failures open the circuit,
// which half-opens after its cool-down; the providers API reports the health the guard recorded.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as providersRoute from "@/app/api/datasets/v1/providers/route";
import { postgresLimiter } from "@/lib/api/rate-limit";
import { prisma } from "@/lib/db/client";
import { lookupCompany } from "@/lib/datasets/lookup";
import { providersWithHealth } from "@/lib/datasets/provider-health";
import { appGuard, resetProviderGuard } from "@/lib/datasets/provider-guard-store";
import { companyProviderCalls } from "@/lib/metrics/metrics";
import { makePerson } from "@/testing/support/fixtures";
import { bearer, call } from "@/testing/support/http";
import {
  STAND_IN_COMPANY,
  standInProvider,
  startRegisterStandIn,
  type RegisterStandIn,
} from "@/testing/support/datasets/register-stand-in";

const FIRST = "fr_recherche_entreprises";
const NEXT = "no_brreg";
let first: RegisterStandIn;
let next: RegisterStandIn;
let person: Awaited<ReturnType<typeof makePerson>>;
const providers = () => [
  standInProvider(FIRST, first.baseUrl, ["information"]),
  standInProvider(NEXT, next.baseUrl, ["information"]),
];
const lookup = (guard = appGuard()) =>
  lookupCompany(prisma(), person.scopeId, { country: "FR", number: "352256424", refresh: true }, providers(), guard);
const firstAttempt = async (guard = appGuard()) => {
  const result = await lookup(guard);
  expect(result.subsets[0]).toMatchObject({ status: "served", provider: NEXT });
  return result.subsets[0].attempts[0];
};

beforeAll(async () => {
  first = await startRegisterStandIn(STAND_IN_COMPANY);
  next = await startRegisterStandIn(STAND_IN_COMPANY);
  person = await makePerson("guard");
  await prisma().datasetProfile.create({
    data: {
      scopeId: person.scopeId,
      name: "Information",
      target: "global",
      isDefault: true,
      subsetSelection: ["information"],
      providerPriorities: [FIRST, NEXT],
    },
  });
});
afterAll(async () => {
  await first.close();
  await next.close();
});
beforeEach(async () => {
  await resetProviderGuard(FIRST);
  await resetProviderGuard(NEXT);
  first.set("normal");
});

describe("fallback through the guard", () => {
  it("503 and 404 from the first provider are answered by the next, with the reason", async () => {
    first.set("unavailable");
    expect(await firstAttempt()).toEqual({
      provider: FIRST,
      outcome: "failed",
      reason: `unavailable: ${FIRST} answered 503.`,
    });
    first.set("empty");
    expect(await firstAttempt()).toEqual({
      provider: FIRST,
      outcome: "not_found",
      reason: `not_found: ${FIRST} has no company 352256424.`,
    });
  });

  it("a 429's Retry-After is honoured: no call until it has passed, on any instance", async () => {
    first.set("rate_limited", { retryAfterSeconds: 30 });
    expect(await firstAttempt()).toMatchObject({ outcome: "failed", reason: /^rate_limited: / });
    const calls = first.calls();
    const skipped = await firstAttempt();
    expect(skipped).toMatchObject({ provider: FIRST, outcome: "skipped" });
    expect(skipped.reason).toMatch(/^rate limit reached, next call allowed in (29|30) s$/);
    expect(first.calls()).toBe(calls);
    // Another instance: its own limiter object over the same table is refused too.
    const elsewhere = postgresLimiter(`company-provider:${FIRST}`, 7, 1);
    const refused = await elsewhere.consume(FIRST).then(
      () => null,
      (res: { msBeforeNext: number }) => res.msBeforeNext,
    );
    expect(refused).toBeGreaterThan(25_000);
  });

  it("opens the circuit after 5 consecutive failures, skips the provider, and half-opens after the cool-down", async () => {
    first.set("unavailable");
    for (let i = 0; i < 5; i++) await firstAttempt();
    const calls = first.calls();
    const skipped = await firstAttempt();
    expect(skipped).toEqual({
      provider: FIRST,
      outcome: "skipped",
      reason: "circuit open after 5 failures, next try in 60 s",
    });
    expect(first.calls()).toBe(calls);

    const [health] = await providersWithHealth(providers());
    expect(health.health).toMatchObject({ circuit: "open", lastFailureReason: `unavailable: ${FIRST} answered 503.` });
    expect(health.health.failed).toBeGreaterThanOrEqual(5);
    const metrics = await companyProviderCalls.get();
    expect(
      metrics.values.find((v) => v.labels.provider === FIRST && v.labels.outcome === "skipped_circuit")?.value,
    ).toBeGreaterThan(0);

    // A minute later the circuit half-opens: the next lookup tries the provider, which answers, and closes it.
    first.set("normal");
    const later = { ...appGuard(), now: () => new Date(Date.now() + 61_000) };
    const result = await lookup(later);
    expect(result.subsets[0]).toMatchObject({ provider: FIRST, attempts: [{ provider: FIRST, outcome: "served" }] });
    expect((await providersWithHealth(providers()))[0].health.circuit).toBe("closed");
  });
});

describe("GET /api/datasets/v1/providers", () => {
  it("says whether each provider is configured, why it is off, its budget and its health", async () => {
    const res = await call<{ data: Record<string, unknown>[] }>(
      providersRoute.GET,
      "GET",
      "/api/datasets/v1/providers",
      {
        headers: bearer(person.token, person.scopeId),
      },
    );
    expect(res.status).toBe(200);
    const gleif = res.json.data.find((p) => p.id === "gleif");
    expect(gleif).toMatchObject({
      isEnabled: false,
      configured: true,
      offReason: "switched off by configuration",
      rateLimit: { points: 60, perSeconds: 60 },
      health: { windowHours: 24, circuit: "closed" },
    });
  });
});
