// Account information over the bank's HTTP handlers: Consent-ID checks, account list, balances,
// transaction pages and their links, consent coverage, and the ratelimited and flaky users.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  account,
  accounts,
  approvedConsent,
  balances,
  createConsent,
  firstAccountId,
  transactions,
  transactionsByHref,
  type Json,
} from "@/sandbox/bank/testing/bank-calls";
import * as spec from "@/sandbox/bank/testing/spec-shapes";
import { flakyPlan } from "@/sandbox/bank/xs2a/transactions";
import { isValidIban } from "@/sandbox/bank/data/iban";

const BANK = "sbx-nl-01";

describe("Consent-ID checks", () => {
  it("400 without Consent-ID, 403 for unknown or another bank's consent, 401 before approval", async () => {
    expect((await accounts(BANK, {})).json).toMatchObject({ tppMessages: [{ code: "FORMAT_ERROR" }] });
    const unknown = await accounts(BANK, { consentId: randomUUID() });
    expect([unknown.status, spec.tppError.parse(unknown.json).tppMessages[0].code]).toEqual([403, "CONSENT_UNKNOWN"]);
    const consentId = await approvedConsent(BANK, "alice");
    expect((await accounts("sbx-de-01", { consentId })).status).toBe(403);
    const received = String((await createConsent(BANK)).json.consentId);
    const early = await accounts(BANK, { consentId: received });
    expect([early.status, spec.tppError.parse(early.json).tppMessages[0].code]).toEqual([401, "CONSENT_INVALID"]);
  });
});

describe("accounts and balances", () => {
  it("lists alice's current and savings accounts in the spec's shape, with balances on request", async () => {
    const consentId = await approvedConsent(BANK, "alice");
    const res = await accounts(BANK, { consentId, present: true, query: "withBalance=true" });
    expect(res.status).toBe(200);
    const list = spec.accountList.parse(res.json).accounts;
    expect(list.map((a) => a.cashAccountType)).toEqual(["CACC", "SVGS"]);
    expect(
      list.every((a) => isValidIban(a.iban) && a.iban.startsWith("NL") && a.bic === "GRCHNL2A" && a.usage === "PRIV"),
    ).toBe(true);
    expect(list[0].balances?.map((b) => b.balanceType)).toEqual(["closingBooked", "interimBooked", "interimAvailable"]);
    const bal = spec.readAccountBalanceResponse200.parse(
      (await balances(BANK, list[0].resourceId, { consentId, present: true })).json,
    );
    expect(bal.account.iban).toBe(list[0].iban);
    expect((await account(BANK, list[1].resourceId, { consentId, present: true })).json).toMatchObject({
      account: { iban: list[1].iban },
    });
  });

  it("gives bob.company three ORGA accounts and carol.payment one CARD account", async () => {
    const bob = spec.accountList.parse(
      (await accounts(BANK, { consentId: await approvedConsent(BANK, "bob.company"), present: true })).json,
    );
    expect(bob.accounts.map((a) => a.usage)).toEqual(["ORGA", "ORGA", "ORGA"]);
    const carol = spec.accountList.parse(
      (await accounts(BANK, { consentId: await approvedConsent(BANK, "carol.payment"), present: true })).json,
    );
    expect(carol.accounts.map((a) => a.cashAccountType)).toEqual(["CARD"]);
  });

  it("honours the consent's scope: availableAccounts lists accounts but refuses balances and transactions", async () => {
    const consentId = await approvedConsent(BANK, "alice", { access: { availableAccounts: "allAccounts" } });
    const list = spec.accountList.parse((await accounts(BANK, { consentId, present: true })).json).accounts;
    expect(list[0]._links).toEqual({});
    expect((await balances(BANK, list[0].resourceId, { consentId, present: true })).json).toMatchObject({
      tppMessages: [{ code: "CONSENT_INVALID" }],
    });
    const other = await approvedConsent(BANK, "carol.payment");
    const foreign = await firstAccountId(BANK, other);
    const res = await transactions(BANK, foreign, { consentId, present: true });
    expect([res.status, spec.tppError.parse(res.json).tppMessages[0].code]).toEqual([404, "RESOURCE_UNKNOWN"]);
  });
});

describe("transactions", () => {
  it("pages in (bookingDate, id) order with next/previous/first/last links until the end", async () => {
    const consentId = await approvedConsent(BANK, "alice");
    const accountId = await firstAccountId(BANK, consentId);
    let res = await transactions(BANK, accountId, {
      consentId,
      present: true,
      query: "bookingStatus=booked&itemsPerPage=200",
    });
    const seen: string[] = [];
    let pages = 0;
    for (;;) {
      expect(res.status).toBe(200);
      const body = spec.transactionsResponse200.parse(res.json);
      const booked = body.transactions.booked ?? [];
      expect(body.transactions.pending).toBeUndefined();
      const keys = booked.map((t) => `${t.bookingDate}|${t.transactionId}`);
      expect([...keys].sort()).toEqual(keys);
      seen.push(...keys);
      pages++;
      const next = body.transactions._links.next?.href;
      if (!next) break;
      expect(booked).toHaveLength(200);
      res = await transactionsByHref(BANK, accountId, next, { consentId, present: true });
    }
    expect(pages).toBeGreaterThan(2);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual(seen);
  });

  it("reports pending without bookingDate, amounts as 2-decimal strings, and validates its query", async () => {
    const consentId = await approvedConsent(BANK, "alice");
    const accountId = await firstAccountId(BANK, consentId);
    const body = spec.transactionsResponse200.parse(
      (await transactions(BANK, accountId, { consentId, present: true, query: "bookingStatus=pending" })).json,
    );
    expect(body.transactions.booked).toBeUndefined();
    expect((body.transactions.pending ?? []).every((t) => /^-?\d+\.\d{2}$/.test(t.transactionAmount.amount))).toBe(
      true,
    );
    for (const query of [
      "",
      "bookingStatus=bogus",
      "bookingStatus=both&dateFrom=2026-13-01",
      "bookingStatus=both&itemsPerPage=1001",
      "bookingStatus=both&dateFrom=2026-05-02&dateTo=2026-05-01",
    ]) {
      const res = await transactions(BANK, accountId, { consentId, present: true, query });
      expect([query, res.status, (res.json.tppMessages as Json[])[0].code]).toEqual([query, 400, "FORMAT_ERROR"]);
    }
    const info = await transactions(BANK, accountId, { consentId, present: true, query: "bookingStatus=information" });
    expect(info.json).toMatchObject({ tppMessages: [{ code: "PARAMETER_NOT_SUPPORTED" }] });
  });

  it("user ratelimited: the first 2 calls of a sync answer 429 with Retry-After: 1, then pages flow", async () => {
    const consentId = await approvedConsent(BANK, "ratelimited");
    const accountId = await firstAccountId(BANK, consentId);
    for (let i = 0; i < 2; i++) {
      const res = await transactions(BANK, accountId, { consentId, present: true });
      expect([res.status, res.headers.get("retry-after"), (res.json.tppMessages as Json[])[0].code]).toEqual([
        429,
        "1",
        "ACCESS_EXCEEDED",
      ]);
    }
    const ok = await transactions(BANK, accountId, {
      consentId,
      present: true,
      query: "bookingStatus=both&itemsPerPage=50",
    });
    expect(ok.status).toBe(200);
    const next = spec.transactionsResponse200.parse(ok.json).transactions._links.next?.href ?? "";
    expect((await transactionsByHref(BANK, accountId, next, { consentId, present: true })).status).toBe(200);
  });

  it("user flaky: the planned pages fail their first attempts with 500/502/503, retries succeed", async () => {
    const consentId = await approvedConsent(BANK, "flaky");
    const accountId = await firstAccountId(BANK, consentId);
    const statuses: number[] = [];
    for (let pageIndex = 0; pageIndex < 8; pageIndex++) {
      const plan = flakyPlan(BANK, pageIndex);
      for (let attempt = 1; attempt <= plan.failures + 1; attempt++) {
        const res = await transactions(BANK, accountId, {
          consentId,
          present: true,
          query: `bookingStatus=both&itemsPerPage=50&pageIndex=${pageIndex}`,
        });
        expect(res.status).toBe(attempt <= plan.failures ? plan.status : 200);
        statuses.push(res.status);
      }
    }
    expect(statuses.some((s) => s >= 500)).toBe(true);
  });
});
