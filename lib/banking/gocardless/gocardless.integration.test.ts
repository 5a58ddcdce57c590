// The GoCardless integration end to end against the local fake over HTTP: connect through the
// requisition's consent page, track an account, sync, and compare with the fake's own data (count,
// sum per currency, bank ids) — plain, and under 429 (rate-limit headers), 503/500, pending →
// booked, id-less rows, internalTransactionId-only rows, expired and suspended requisitions, and an
// access token GoCardless stopped accepting. Reads are split into 60-day windows here, so a read is
// several requests. Every request and response is validated against the shared swagger.json.
import { afterAll, describe, expect, it } from "vitest";
import { pool, prisma } from "@/lib/db/client";
import { gcAccountTotals } from "@/lib/gocardless-fake/account-api";
import { advanceGcClock, endRequisition, gcStore, resetGcClock } from "@/lib/gocardless-fake/state";
import { connectedAndSynced, gcConnectedConsent } from "@/lib/testing/aggregator-flow";
import { banksIn } from "@/lib/testing/consent-flow";
import { expectIdenticalCoffeesKept, expectStoredEqualTo, storedTotals } from "@/lib/testing/fake-bank-truth";
import { gcFakeCalls, withGoCardlessFake } from "@/lib/testing/gocardless-fake-server";
import { makePerson } from "@/lib/testing/fixtures";
import { bearer } from "@/lib/testing/http";
import { syncOnce } from "@/lib/testing/sync-runs";

const bank = withGoCardlessFake({ windowDays: 60 });

const expectEqualToFake = (accountId: string, gcAccountId: string) =>
  expectStoredEqualTo(accountId, gcAccountTotals(gcAccountId));
const callsFor = (id: string) => gcFakeCalls().filter((c) => c.path.includes(id));

const synced = (user: string) => connectedAndSynced(gcConnectedConsent, user);

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
    const { c, account, done } = await synced("alice");
    expect(c.requisitionId).toMatch(/^[0-9a-f-]{36}$/);
    const requisition = gcStore().requisitions.get(c.requisitionId);
    expect(requisition?.agreement).toMatchObject({ maxHistoricalDays: 730, accessValidForDays: 90 });
    expect(requisition?.agreement.accessScope).toEqual(["balances", "details", "transactions"]);
    expect(done.state).toBe("succeeded");
    // 730 days of history in 60-day windows: the run is one page per window.
    expect(done.pages).toBeGreaterThanOrEqual(12);
    expect(done.added).toBeGreaterThan(150);
    await expectEqualToFake(account.id, account.externalId);
    const tracked = await prisma().trackedAccount.findUniqueOrThrow({ where: { id: account.id } });
    expect(tracked.balanceAmount?.toString()).toBe(String(Number(gcAccountTotals(account.externalId)?.balance)));
    const again = await syncOnce(account.id, c.person.scopeId, { attended: false });
    expect([again.state, again.added, again.updated, again.removed]).toEqual(["succeeded", 0, 0, 0]);
    await expectEqualToFake(account.id, account.externalId);
  });

  it("ratelimited: 429 with the account rate-limit headers is waited out and the data equals the bank", async () => {
    const { account, done } = await synced("ratelimited");
    expect(done.state).toBe("succeeded");
    expect(callsFor(account.externalId).filter((x) => x.status === 429).length).toBeGreaterThanOrEqual(2);
    await expectEqualToFake(account.id, account.externalId);
  });

  it("flaky: 503 and 500 are retried and the data equals the bank", async () => {
    const { account, done } = await synced("flaky");
    expect(done.state).toBe("succeeded");
    expect(callsFor(account.externalId).map((x) => x.status)).toEqual(expect.arrayContaining([503, 500]));
    await expectEqualToFake(account.id, account.externalId);
  });

  it("pending → booked after the bank's clock moves: updated in place, equal to the bank", async () => {
    const { c, account } = await synced("alice");
    const pending = await pool().query<{ external_id: string }>(
      "SELECT external_id FROM transactions WHERE account_id = $1 AND status = 'pending' AND removed_at IS NULL",
      [account.id],
    );
    expect(pending.rowCount).toBeGreaterThan(0);
    advanceGcClock(5);
    try {
      const next = await syncOnce(account.id, c.person.scopeId);
      expect(next.state).toBe("succeeded");
      const booked = await pool().query(
        "SELECT 1 FROM transactions WHERE account_id = $1 AND external_id = ANY($2) AND status = 'booked' AND removed_at IS NULL",
        [account.id, pending.rows.map((r) => r.external_id)],
      );
      expect(booked.rowCount).toBeGreaterThan(0);
      expect(next.updated).toBeGreaterThanOrEqual(booked.rowCount ?? 0);
      await expectEqualToFake(account.id, account.externalId);
    } finally {
      resetGcClock();
    }
  });

  it("idless: identical id-less entries on one day stay separate rows, stable across re-syncs", async () => {
    const { c, account, done } = await synced("idless");
    expect(done.state).toBe("succeeded");
    await expectEqualToFake(account.id, account.externalId);
    await expectIdenticalCoffeesKept(account.id);
    const again = await syncOnce(account.id, c.person.scopeId);
    expect([again.state, again.added, again.removed]).toEqual(["succeeded", 0, 0]);
    await expectEqualToFake(account.id, account.externalId);
  });

  it("internal: rows with only GoCardless's internalTransactionId keep it as their id", async () => {
    const { account, done } = await synced("internal");
    expect(done.state).toBe("succeeded");
    await expectEqualToFake(account.id, account.externalId);
    expect((await storedTotals(account.id)).ids.every((id) => id.startsWith("gc"))).toBe(true);
  });

  it.each([
    ["EX", "expired", /^Access expired at the bank on .*; reconnect to continue\.$/],
    ["SU", "revoked", /^Access ended at the bank on .*; reconnect to continue\.$/],
  ] as const)(
    "a requisition %s at GoCardless ends the consent (%s), keeps what is stored",
    async (how, status, message) => {
      const { c, account } = await synced("alice");
      const stored = (await storedTotals(account.id)).booked;
      expect(endRequisition(c.requisitionId, how)).toBe(true);
      const failed = await syncOnce(account.id, c.person.scopeId);
      expect(failed.state).toBe("failed");
      expect(failed.lastError).toMatch(message);
      expect((await prisma().consent.findUniqueOrThrow({ where: { id: c.consentId } })).status).toBe(status);
      expect((await storedTotals(account.id)).booked).toBe(stored);
    },
  );

  it("an access token GoCardless no longer accepts is renewed once and the call goes through", async () => {
    const { c, account } = await synced("alice");
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
