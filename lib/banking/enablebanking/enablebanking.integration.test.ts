// The Enable Banking integration end to end against the local fake over HTTP: connect through the
// hosted bank page, track an account, sync, and compare with the fake's own data (count, sum per
// currency, bank ids) — plain, and under 429, 5xx/408, pending → booked, id-less rows, expired
// and revoked sessions. Every request and response is validated against the shared OpenAPI file.
import { afterAll, describe, expect, it } from "vitest";
import { pool, prisma } from "@/lib/db/client";
import { accountTotals } from "@/lib/enablebanking-fake/api";
import { advanceClock, endSession, resetClock, store } from "@/lib/enablebanking-fake/state";
import { connectedAndSynced, ebConnectedConsent } from "@/lib/testing/aggregator-flow";
import { banksIn } from "@/lib/testing/consent-flow";
import { expectIdenticalCoffeesKept, expectStoredEqualTo, storedTotals } from "@/lib/testing/fake-bank-truth";
import { fakeCalls, withEnableBankingFake } from "@/lib/testing/enablebanking-fake-server";
import { withSandboxBank } from "@/lib/testing/sandbox-server";
import * as countriesRoute from "@/app/api/accounttracking/v1/supported-countries/route";
import { makePerson } from "@/lib/testing/fixtures";
import { bearer, call } from "@/lib/testing/http";
import { syncOnce } from "@/lib/testing/sync-runs";

// Both integrations configured, as a deployment with Enable Banking would have them.
withSandboxBank();
const bank = withEnableBankingFake();

const ours = storedTotals;
const expectEqualToFake = (accountId: string, uid: string) => expectStoredEqualTo(accountId, accountTotals(uid));
const run = syncOnce;

const synced = (user: string) => connectedAndSynced(ebConnectedConsent, user);

const callsFor = (uid: string) => fakeCalls().filter((c) => c.path.includes(uid));

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
    const { c, account, done } = await synced("alice");
    expect(c.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(done.state).toBe("succeeded");
    expect(done.pages).toBeGreaterThan(3);
    expect(done.added).toBeGreaterThan(150);
    await expectEqualToFake(account.id, account.externalId);
    const tracked = await prisma().trackedAccount.findUniqueOrThrow({ where: { id: account.id } });
    expect(tracked.balanceAmount?.toString()).toBe(String(Number(accountTotals(account.externalId)?.balance)));
    expect(callsFor(account.externalId).every((x) => x.psuIp === "192.0.2.1")).toBe(true);

    const before = fakeCalls().length;
    const again = await run(account.id, c.person.scopeId, { attended: false });
    expect([again.state, again.added, again.updated, again.removed]).toEqual(["succeeded", 0, 0, 0]);
    expect(
      fakeCalls()
        .slice(before)
        .every((x) => x.psuIp === null),
    ).toBe(true);
    await expectEqualToFake(account.id, account.externalId);
  });

  it("ratelimited: 429 with Retry-After is waited out and the data equals the bank", async () => {
    const { account, done } = await synced("ratelimited");
    expect(done.state).toBe("succeeded");
    expect(callsFor(account.externalId).filter((x) => x.status === 429)).toHaveLength(2);
    await expectEqualToFake(account.id, account.externalId);
  });

  it("flaky: 500 and 408 are retried and the data equals the bank", async () => {
    const { account, done } = await synced("flaky");
    expect(done.state).toBe("succeeded");
    expect(callsFor(account.externalId).map((x) => x.status)).toEqual(expect.arrayContaining([500, 408]));
    await expectEqualToFake(account.id, account.externalId);
  });

  it("pending → booked (and pending → cancelled) after the bank's clock moves: updated in place, equal to the bank", async () => {
    const { c, account } = await synced("alice");
    const pendingIds = (
      await pool().query<{ external_id: string }>(
        "SELECT external_id FROM transactions WHERE account_id = $1 AND status = 'pending'",
        [account.id],
      )
    ).rows.map((r) => r.external_id);
    expect(pendingIds.length).toBeGreaterThan(0);
    advanceClock(5);
    try {
      const next = await run(account.id, c.person.scopeId);
      expect(next.state).toBe("succeeded");
      const nowBooked = await pool().query(
        "SELECT 1 FROM transactions WHERE account_id = $1 AND external_id = ANY($2) AND status = 'booked' AND removed_at IS NULL",
        [account.id, pendingIds],
      );
      const cancelled = pendingIds.length - (nowBooked.rowCount ?? 0);
      expect(next.updated).toBeGreaterThanOrEqual(nowBooked.rowCount ?? 0);
      expect(next.removed).toBe(cancelled);
      await expectEqualToFake(account.id, account.externalId);
    } finally {
      resetClock();
    }
  });

  it("idless: identical id-less entries on one day stay separate rows, stable across re-syncs", async () => {
    const { c, account, done } = await synced("idless");
    expect(done.state).toBe("succeeded");
    await expectEqualToFake(account.id, account.externalId);
    await expectIdenticalCoffeesKept(account.id);
    const again = await run(account.id, c.person.scopeId);
    expect([again.state, again.added, again.removed]).toEqual(["succeeded", 0, 0]);
    await expectEqualToFake(account.id, account.externalId);
  });

  it.each(["EXPIRED", "REVOKED"] as const)(
    "a session %s at the bank ends the consent at once, says what to do, keeps what is stored",
    async (how) => {
      const { c, account } = await synced("alice");
      const stored = (await ours(account.id)).booked;
      expect(endSession(c.sessionId, how)).toBe(true);
      const failed = await run(account.id, c.person.scopeId);
      expect(failed.state).toBe("failed");
      expect(failed.lastError).toMatch(
        how === "EXPIRED"
          ? /^Access expired at the bank on .*; reconnect to continue\.$/
          : /^Access ended at the bank on .*; reconnect to continue\.$/,
      );
      const consent = await prisma().consent.findUniqueOrThrow({ where: { id: c.consentId } });
      expect(consent.status).toBe(how === "EXPIRED" ? "expired" : "revoked");
      expect((await ours(account.id)).booked).toBe(stored);
    },
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
