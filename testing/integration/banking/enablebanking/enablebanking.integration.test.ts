// The Enable Banking integration end to end against the local fake over HTTP: connect through the
// hosted bank page, track an account, sync, and compare with the fake's own data (count, sum per
// currency, bank ids) — plain, and under 429, 5xx/408, pending → booked, id-less rows, expired
// and revoked sessions. Every request and response is validated against the shared OpenAPI file.
import { afterAll, describe, expect, it, vi } from "vitest";
import { pool } from "@/lib/db/client";
import * as countriesRoute from "@/app/api/accounttracking/v1/supported-countries/route";
import { scenariosAt } from "@/testing/support/banking/fake-scenarios";
import { accountTotals } from "@/sandbox/enablebanking/api";
import { advanceClock, endSession, resetClock, store } from "@/sandbox/enablebanking/state";
import { ebConnectedConsent } from "@/testing/support/aggregator-flow";
import { banksIn } from "@/testing/support/consent-flow";
import { fakeCalls, withEnableBankingFake } from "@/testing/support/enablebanking-fake-server";
import { withSandboxBank } from "@/testing/support/sandbox-server";
import { makePerson } from "@/testing/support/fixtures";
import { bearer, call } from "@/testing/support/http";
import { syncOnce } from "@/testing/support/sync-runs";

// Enable Banking configured as the demo configures it, pointed at its local fake (lib/env.ts reads the
// environment when it loads, so this runs before the imports).
await vi.hoisted(async () => (await import("@/testing/support/test-banks-env")).useAggregatorFakes("enablebanking"));

// Both integrations configured, as a deployment with Enable Banking would have them.
withSandboxBank();
const bank = withEnableBankingFake();

const fake = scenariosAt({
  connect: ebConnectedConsent,
  totals: accountTotals,
  calls: fakeCalls,
  moveClock: advanceClock,
  resetClock,
});

describe("Enable Banking through the local fake", () => {
  afterAll(() => resetClock());

  it("banks of every integration in one list, with namespaced ids and the integration named; countries merged", async () => {
    const person = await makePerson("ebbanks");
    const headers = bearer(person.token, person.scopeId);
    const fi = await banksIn(headers, "FI");
    expect(fi.map((b) => [b.bankId, b.integrationName])).toEqual([
      ["eb:FI:aurora-saastopankki", "enablebanking"],
      ["eb:FI:nordpankki", "enablebanking"],
      ["eb:FI:nordpankki:business", "enablebanking"],
    ]);
    expect((await banksIn(headers, "BE")).every((b) => b.integrationName === "sandbox")).toBe(true);
    const countries = await call<{ data: { countryCode: string; bankCount: number }[] }>(
      countriesRoute.GET,
      "GET",
      "/api/accounttracking/v1/supported-countries",
      { headers },
    );
    const codes = countries.json.data.map((c) => c.countryCode);
    expect(codes).toEqual(expect.arrayContaining(["BE", "FI", "SE", "DE", "EE"]));
    expect(countries.json.data.find((c) => c.countryCode === "FI")?.bankCount).toBe(3);
  });

  it("alice: connect, track, sync equals the bank; a re-sync changes nothing; unattended reads send no PSU headers", async () => {
    const alice = await fake.synced("alice");
    const { c, account, done } = alice;
    expect(c.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(done.state).toBe("succeeded");
    expect(done.pages).toBeGreaterThan(3);
    expect(done.added).toBeGreaterThan(150);
    expect(fake.callsFor(account.externalId).every((x) => x.psuIp === "192.0.2.1")).toBe(true);
    const before = fakeCalls().length;
    await fake.expectFirstSyncKept(alice);
    expect(
      fakeCalls()
        .slice(before)
        .every((x) => x.psuIp === null),
    ).toBe(true);
  });

  it("rows stored under another id (transaction_id, before entry_reference identified an entry) are paired by entry_reference on the next sync: same rows, nothing added or removed", async () => {
    const { c, account } = await fake.synced("alice");
    // Earlier versions keyed an entry by the transaction_id of the read that found it, which Enable
    // Banking may change between reads: here, any id other than the entry_reference.
    const { rows: stored } = await pool().query<{ id: string }>(
      "UPDATE transactions SET external_id = 'T-earlier-' || external_id WHERE account_id = $1 AND removed_at IS NULL RETURNING id",
      [account.id],
    );
    expect(stored.length).toBeGreaterThan(150);
    const again = await syncOnce(account.id, c.person.scopeId);
    // Every row paired as re-issued (the rows found under their reference merged into ours), none removed.
    expect([again.state, again.removed, again.reissued]).toEqual(["succeeded", 0, stored.length]);
    await fake.expectEqualToFake(account);
    const { rows: now } = await pool().query<{ id: string }>(
      "SELECT id FROM transactions WHERE account_id = $1 AND removed_at IS NULL",
      [account.id],
    );
    expect(now.map((r) => r.id).sort()).toEqual(stored.map((r) => r.id).sort());
  });

  it("ratelimited: 429 with Retry-After is waited out and the data equals the bank", () =>
    fake.expectFaultsOvercome("ratelimited", (answered) => expect(answered.filter((s) => s === 429)).toHaveLength(2)));

  it("flaky: 500 and 408 are retried and the data equals the bank", () =>
    fake.expectFaultsOvercome("flaky", (answered) => expect(answered).toEqual(expect.arrayContaining([500, 408]))));

  it("pending → booked (and pending → cancelled) after the bank's clock moves: updated in place, equal to the bank", () =>
    fake.expectPendingBooked(5, (next, { pending, booked }) => expect(next.removed).toBe(pending - booked)));

  it("idless: identical id-less entries on one day stay separate rows, stable across re-syncs", () =>
    fake.expectIdlessKept());

  it.each(["EXPIRED", "REVOKED"] as const)(
    "a session %s at the bank ends the consent at once, says what to do, keeps what is stored",
    (how) =>
      fake.expectEndedAtBank(
        (c) => endSession(c.sessionId, how),
        how === "EXPIRED" ? "expired" : "revoked",
        how === "EXPIRED"
          ? /^Access expired at the bank on .*; reconnect to continue\.$/
          : /^Access ended at the bank on .*; reconnect to continue\.$/,
      ),
  );

  it("every request our client sent and every response the fake gave matched the OpenAPI file", () => {
    const { requests, responses, violations } = bank.server.contract;
    console.info(
      `Enable Banking contract: ${requests} requests and ${responses} responses validated, ${violations.length} violations`,
    );
    expect(violations).toEqual([]);
    expect(requests).toBeGreaterThan(50);
    expect(responses).toBe(requests);
    expect(store().sessions.size).toBeGreaterThan(0);
  });
});
