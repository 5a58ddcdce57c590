// The GoCardless integration end to end against the local fake over HTTP: connect through the
// requisition's consent page, track an account, sync, and compare with the fake's own data (count,
// sum per currency, bank ids) — plain, and under 429 (rate-limit headers), 503/500, pending →
// booked, id-less rows, internalTransactionId-only rows, expired and suspended requisitions, and an
// access token GoCardless stopped accepting. Reads are split into 60-day windows here, so a read is
// several requests. Every request and response is validated against the shared swagger.json.
import { afterAll, describe, expect, it, vi } from "vitest";
import { scenariosAt } from "@/testing/support/banking/fake-scenarios";
import { gcAccountTotals } from "@/sandbox/gocardless/account-api";
import { advanceGcClock, endRequisition, gcStore, resetGcClock } from "@/sandbox/gocardless/state";
import { gcConnectedConsent } from "@/testing/support/aggregator-flow";
import { banksIn } from "@/testing/support/consent-flow";
import { storedTotals } from "@/testing/support/fake-bank-truth";
import { gcFakeCalls, withGoCardlessFake } from "@/testing/support/gocardless-fake-server";
import { makePerson } from "@/testing/support/fixtures";
import { bearer } from "@/testing/support/http";
import { syncOnce } from "@/testing/support/sync-runs";

// GoCardless configured as the demo configures it, pointed at its local fake (lib/env.ts reads the
// environment when it loads, so this runs before the imports).
await vi.hoisted(async () => (await import("@/testing/support/test-banks-env")).useAggregatorFakes("gocardless"));
// Reads in 60-day windows (the integration as built from the environment reads all history in one):
// the provider's own option, set where the registry makes it.
vi.mock("@/lib/banking/gocardless/provider", async (importOriginal) => {
  const provider = await importOriginal<typeof import("@/lib/banking/gocardless/provider")>();
  return {
    ...provider,
    createGoCardlessIntegration: (options: Parameters<typeof provider.createGoCardlessIntegration>[0]) =>
      provider.createGoCardlessIntegration({ ...options, windowDays: 60 }),
  };
});

const bank = withGoCardlessFake();

const fake = scenariosAt({
  connect: gcConnectedConsent,
  totals: gcAccountTotals,
  calls: gcFakeCalls,
  moveClock: advanceGcClock,
  resetClock: resetGcClock,
});

describe("GoCardless through the local fake", () => {
  afterAll(() => resetGcClock());

  it("institutions by country with namespaced ids; one institution in two countries is listed in each", async () => {
    const person = await makePerson("gcbanks");
    const headers = bearer(person.token, person.scopeId);
    const fi = (await banksIn(headers, "FI")).filter((b) => b.integrationName === "gocardless");
    expect(fi.map((b) => [b.bankId, b.name, b.countryCode])).toEqual([["gc:FI:KUUSI_KUUSFIHH", "Kuusi Pankki", "FI"]]);
    const at = (await banksIn(headers, "AT")).filter((b) => b.integrationName === "gocardless");
    const de = (await banksIn(headers, "DE")).filter((b) => b.integrationName === "gocardless");
    expect([at[0]?.bankId, de[0]?.bankId]).toEqual(["gc:AT:LINDEN_LINDDEFF", "gc:DE:LINDEN_LINDDEFF"]);
  });

  it("alice: connect, track, sync in windows equals the bank; a re-sync changes nothing", async () => {
    const alice = await fake.synced("alice");
    const { c, done } = alice;
    expect(c.requisitionId).toMatch(/^[0-9a-f-]{36}$/);
    const requisition = gcStore().requisitions.get(c.requisitionId);
    expect(requisition?.agreement).toMatchObject({ maxHistoricalDays: 730, accessValidForDays: 90 });
    expect(requisition?.agreement.accessScope).toEqual(["balances", "details", "transactions"]);
    expect(done.state).toBe("succeeded");
    // 730 days of history in 60-day windows: the run is one page per window.
    expect(done.pages).toBeGreaterThanOrEqual(12);
    expect(done.added).toBeGreaterThan(150);
    await fake.expectFirstSyncKept(alice);
  });

  it("ratelimited: 429 with the account rate-limit headers is waited out and the data equals the bank", () =>
    fake.expectFaultsOvercome("ratelimited", (answered) =>
      expect(answered.filter((s) => s === 429).length).toBeGreaterThanOrEqual(2),
    ));

  it("flaky: 503 and 500 are retried and the data equals the bank", () =>
    fake.expectFaultsOvercome("flaky", (answered) => expect(answered).toEqual(expect.arrayContaining([503, 500]))));

  it("pending → booked after the bank's clock moves: updated in place, equal to the bank", () =>
    fake.expectPendingBooked(5, (_next, { booked }) => expect(booked).toBeGreaterThan(0)));

  it("idless: identical id-less entries on one day stay separate rows, stable across re-syncs", () =>
    fake.expectIdlessKept());

  it("internal: rows with only GoCardless's internalTransactionId keep it as their id", async () => {
    const { account, done } = await fake.synced("internal");
    expect(done.state).toBe("succeeded");
    await fake.expectEqualToFake(account);
    expect((await storedTotals(account.id)).ids.every((id) => id.startsWith("gc"))).toBe(true);
  });

  it.each([
    ["EX", "expired", /^Access expired at the bank on .*; reconnect to continue\.$/],
    ["SU", "revoked", /^Access ended at the bank on .*; reconnect to continue\.$/],
  ] as const)("a requisition %s at GoCardless ends the consent (%s), keeps what is stored", (how, status, message) =>
    fake.expectEndedAtBank((c) => endRequisition(c.requisitionId, how), status, message),
  );

  it("an access token GoCardless no longer accepts is renewed once and the call goes through", async () => {
    const { c, account } = await fake.synced("alice");
    for (const t of gcStore().tokens.values()) if (t.kind === "access") t.until = 0;
    const before = gcFakeCalls().length;
    const next = await syncOnce(account.id, c.person.scopeId);
    expect(next.state).toBe("succeeded");
    const calls = gcFakeCalls().slice(before);
    expect(calls.some((x) => x.status === 401)).toBe(true);
    expect(calls.some((x) => x.path.endsWith("/token/refresh/") && x.status === 200)).toBe(true);
  });

  it("every request our client sent and every response the fake gave matched swagger.json", () => {
    const { requests, responses, violations, allowed } = bank.server.contract;
    console.info(
      `GoCardless contract: ${requests} requests and ${responses} responses validated, ${violations.length} violations` +
        ` (${allowed.length} answers with a status the spec leaves undocumented: ${[...new Set(allowed)].join(", ") || "none"})`,
    );
    expect(violations).toEqual([]);
    expect(requests).toBeGreaterThan(100);
    expect(responses).toBe(requests);
  });
});
