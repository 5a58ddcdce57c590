// The sandbox controls and everything that follows the sandbox clock: the Date header, pending →
// booked, re-issued ids, expiry, the per-day unattended access budget, forced states and totals.
// The only test file that moves the clock; it runs its tests in order and resets the clock after.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitingOn } from "@/sandbox/shared/hold";
import { parseCents } from "@/sandbox/bank/data/money";
import {
  accounts,
  approvedConsent,
  consentStatus,
  firstAccountId,
  transactions,
  transactionsByHref,
  type Json,
} from "@/sandbox/bank/testing/bank-calls";
import { transactionsResponse200 } from "@/sandbox/bank/testing/spec-shapes";
import { TEST_BANKS_ORIGIN, bankRequest, control } from "@/sandbox/testing/test-banks";

const BANK = "sbx-de-01";
const advance = (advanceDays: number) =>
  control<{ today: string; offsetDays: number }>("POST", "clock", { body: { advanceDays } });
const resetClock = () => control("POST", "clock/reset");
const dateHeaderDay = (h: Headers) => new Date(h.get("date") ?? "").toISOString().slice(0, 10);

type Tx = { transactionId: string; bookingDate?: string; transactionAmount: { amount: string } };

async function allTransactions(consentId: string, accountId: string) {
  const booked: Tx[] = [];
  const pending: Tx[] = [];
  let res = await transactions(BANK, accountId, {
    consentId,
    present: true,
    query: "bookingStatus=both&itemsPerPage=1000",
  });
  for (;;) {
    const body = transactionsResponse200.parse(res.json);
    booked.push(...(body.transactions.booked ?? []));
    pending.push(...(body.transactions.pending ?? []));
    const next = body.transactions._links.next?.href;
    if (!next) return { booked, pending };
    res = await transactionsByHref(BANK, accountId, next, { consentId, present: true });
  }
}

beforeAll(async () => void (await resetClock()));
afterAll(async () => void (await resetClock()));

describe.sequential("sandbox clock and controls", () => {
  it("serves the directory and the test users", async () => {
    const dir = await bankRequest<{ banks: Json[]; countries: Json[] }>("/sandbox-bank/api/directory", {
      query: "country=be",
    });
    expect(dir.json.banks.map((b) => b.bankId)).toEqual(["sbx-be-01", "sbx-be-02", "sbx-be-03"]);
    expect(dir.json.banks[0]).toEqual({
      bankId: "sbx-be-01",
      name: "Banque du Sablon",
      bic: "SABLBEBB",
      countryCode: "BE",
      baseUrl: `${TEST_BANKS_ORIGIN}/sandbox-bank/api/banks/sbx-be-01`,
      logoUrl: `${TEST_BANKS_ORIGIN}/sandbox-bank/logos/sbx-be-01.svg`,
    });
    expect(dir.json.countries.map((c) => c.countryCode)).toEqual(["BE", "NL", "DE", "FR", "ES", "IT"]);
    const users = await control<{ users: { userId: string }[] }>("GET", "users");
    const ids = users.json.users.map((u) => u.userId);
    for (const id of [
      "alice",
      "bob.company",
      "carol.payment",
      "deny",
      "slow",
      "ratelimited",
      "flaky",
      "pending",
      "reissue",
      "expiring",
      "namesakes",
      "bulk-N",
    ])
      expect(ids).toContain(id);
  });

  it("totals match the sum of every transaction the pages report", async () => {
    const consentId = await approvedConsent(BANK, "alice");
    const accountId = await firstAccountId(BANK, consentId);
    const { booked, pending } = await allTransactions(consentId, accountId);
    const totals = await control("GET", `accounts/${accountId}/totals`);
    const sum = (list: Tx[]) => list.reduce((s, t) => s + parseCents(t.transactionAmount.amount), 0);
    expect(totals.json.booked).toEqual({ count: booked.length, sum: formatSum(sum(booked)) });
    expect(totals.json.pending).toEqual({ count: pending.length, sum: formatSum(sum(pending)) });
    expect(totals.json.currency).toBe("EUR");
  });

  it("holds an account's transaction reports until released, and 404s an unknown account", async () => {
    const consentId = await approvedConsent(BANK, "alice");
    const accountId = await firstAccountId(BANK, consentId);
    const hold = (action: string, resourceId = accountId) => control("POST", `accounts/${resourceId}/${action}`);
    expect((await hold("hold")).json).toEqual({ held: true });
    let answered = false;
    const report = transactions(BANK, accountId, { consentId, present: true }).then((res) => {
      answered = true;
      return res;
    });
    // The bank answers the report's consent checks first; waiting on them proves nothing yet.
    await expect.poll(() => waitingOn("sandbox", accountId)).toBe(1);
    expect(answered).toBe(false);
    expect((await hold("release")).json).toEqual({ held: false, released: 1 });
    expect((await report).status).toBe(200);
    expect((await hold("release")).json).toEqual({ held: false, released: 0 });
    expect((await hold("hold", "no-such-account")).status).toBe(404);
  });

  it("moves the Date header, books pending transactions under the same id, and adds new days", async () => {
    const consentId = await approvedConsent(BANK, "alice");
    const accountId = await firstAccountId(BANK, consentId);
    const before = await allTransactions(consentId, accountId);
    const today = (await control<{ today: string }>("GET", "clock")).json.today;
    const moved = await advance(3);
    expect(moved.json.offsetDays).toBe(3);
    const after = await transactions(BANK, accountId, { consentId, present: true });
    expect(dateHeaderDay(after.headers)).toBe(moved.json.today);
    expect(moved.json.today > today).toBe(true);
    const now = await allTransactions(consentId, accountId);
    for (const p of before.pending)
      expect(now.booked.find((t) => t.transactionId === p.transactionId)?.bookingDate).toBeDefined();
    expect(now.booked.length + now.pending.length).toBeGreaterThan(before.booked.length + before.pending.length);
  });

  it("user reissue: every transactionId changes when the clock moves", async () => {
    const consentId = await approvedConsent(BANK, "reissue");
    const accountId = await firstAccountId(BANK, consentId);
    // The same entries on the oldest days, under new ids. Within a day the bank orders by id, so the
    // entries are compared as (date, amount) sets: a re-issue may reorder a day's entries.
    const before = (await allTransactions(consentId, accountId)).booked;
    const days = [...new Set(before.map((t) => t.bookingDate))].slice(0, 10);
    await advance(1);
    const after = (await allTransactions(consentId, accountId)).booked;
    const entries = (list: Tx[]) =>
      list
        .filter((t) => days.includes(t.bookingDate))
        .map((t) => `${t.bookingDate} ${t.transactionAmount.amount}`)
        .sort();
    expect(entries(before).length).toBeGreaterThanOrEqual(10);
    expect(entries(after)).toEqual(entries(before));
    const earlierIds = new Set(before.map((t) => t.transactionId));
    expect(after.filter((t) => earlierIds.has(t.transactionId))).toEqual([]);
  });

  it("user expiring: validUntil within 3 days; 401 CONSENT_EXPIRED once the clock passes it", async () => {
    const consentId = await approvedConsent(BANK, "expiring");
    expect(await consentStatus(BANK, consentId)).toBe("valid");
    await advance(3);
    expect(await consentStatus(BANK, consentId)).toBe("expired");
    const res = await accounts(BANK, { consentId });
    expect([res.status, (res.json.tppMessages as Json[])[0].code]).toEqual([401, "CONSENT_EXPIRED"]);
  });

  it("counts unattended calls per account and sandbox day against frequencyPerDay; present calls are free", async () => {
    const consentId = await approvedConsent(BANK, "alice", { frequencyPerDay: 2 });
    const accountId = await firstAccountId(BANK, consentId);
    expect((await transactions(BANK, accountId, { consentId })).status).toBe(200);
    expect((await transactions(BANK, accountId, { consentId })).status).toBe(200);
    const over = await transactions(BANK, accountId, { consentId });
    expect([over.status, (over.json.tppMessages as Json[])[0].code]).toEqual([429, "ACCESS_EXCEEDED"]);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await transactions(BANK, accountId, { consentId, present: true })).status).toBe(200);
    await advance(1);
    expect((await transactions(BANK, accountId, { consentId })).status).toBe(200);
  });

  it("forces consents expired or revoked", async () => {
    const expired = await approvedConsent(BANK, "alice");
    const res = await control("POST", `consents/${expired}/expire`);
    expect(res.json).toEqual({ consentId: expired, consentStatus: "expired" });
    const revoked = await approvedConsent(BANK, "alice");
    await control("POST", `consents/${revoked}/revoke`);
    expect(await consentStatus(BANK, revoked)).toBe("revokedByPsu");
    expect((await accounts(BANK, { consentId: revoked })).json).toMatchObject({
      tppMessages: [{ code: "CONSENT_INVALID" }],
    });
    expect((await accounts(BANK, { consentId: expired })).json).toMatchObject({
      tppMessages: [{ code: "CONSENT_EXPIRED" }],
    });
  });

  it("rejects a backwards or malformed clock move and resets to offset 0", async () => {
    expect((await advance(-1)).status).toBe(400);
    const reset = await resetClock();
    expect(reset.json).toMatchObject({ offsetDays: 0 });
  });
});

function formatSum(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
