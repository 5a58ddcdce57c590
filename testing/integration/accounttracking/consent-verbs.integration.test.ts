// The consent verbs under concurrency, and reads that read. What the bank sees is the banks server's
// own record of the calls it answered (bank.server.calls), not our code's account of them.
//   - 20 concurrent initiate-redirect calls on one consent make one consent at the bank; every caller
//     gets that authorization or a 409; once the consent is valid its bank id never changes.
//   - GET …/accounts, …/status and …/remaining-days, 50 times each, make no bank call.
//   - 10 concurrent POST /accounts for one bank account: one 201, nine 409, no bank call.
import { describe, expect, it } from "vitest";
import * as accountsRoute from "@/app/api/accounttracking/v1/accounts/route";
import * as consentAccountsRoute from "@/app/api/accounttracking/v1/consents/[consent]/accounts/route";
import * as redirectRoute from "@/app/api/accounttracking/v1/consents/[consent]/initiate-redirect/route";
import * as remainingRoute from "@/app/api/accounttracking/v1/consents/[consent]/remaining-days/route";
import * as statusRoute from "@/app/api/accounttracking/v1/consents/[consent]/status/route";
import { prisma } from "@/lib/db/client";
import { connectedConsent, pendingSandboxConsent } from "@/testing/support/bank-flow";
import { landOnCallback } from "@/testing/support/consent-flow";
import { bearer, call } from "@/testing/support/http";
import { decideAtBank, loginAtBank } from "@/testing/support/sandbox-bank-calls";
import { withSandboxBank } from "@/testing/support/sandbox-server";

const bank = withSandboxBank();

const consentsCreatedAtBank = (from: number) =>
  bank.server.calls.slice(from).filter((c) => c.method === "POST" && /\/v1\/consents$/.test(c.path.split("?")[0]));

type Redirect = { data: { authorizationUrl: string; consentId: string } };

describe("initiate-redirect under concurrency", () => {
  it("20 concurrent calls on one consent: one bank consent; each caller gets it or a 409; a valid consent's bank id stays", async () => {
    const { headers, consentId, bankId } = await pendingSandboxConsent("burst");
    const before = bank.server.calls.length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call<Redirect>(redirectRoute.POST, "POST", "x", { headers, params: { consent: consentId }, body: {} }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    const urls = new Set(answers.filter((a) => a.status === 200).map((a) => a.json.data.authorizationUrl));
    expect(urls.size).toBe(1);
    expect(consentsCreatedAtBank(before)).toHaveLength(1);

    // A retry once the burst is over gets the same authorization, not a second bank consent.
    const retry = await call<Redirect>(redirectRoute.POST, "POST", "x", {
      headers,
      params: { consent: consentId },
      body: {},
    });
    expect(retry.status).toBe(200);
    expect(urls.has(retry.json.data.authorizationUrl)).toBe(true);
    expect(consentsCreatedAtBank(before)).toHaveLength(1);

    // Approved at the bank and back through the callback: valid, with that bank consent.
    const [url] = [...urls];
    const bankConsentId = new URL(url).searchParams.get("consentId") ?? "";
    const { cookie } = await loginAtBank(bankId, bankConsentId, "alice");
    const decided = await decideAtBank(bankId, bankConsentId, "approve", cookie);
    await landOnCallback(new URL(decided.headers.get("location") ?? ""), "sandbox");
    const valid = await prisma().consent.findUniqueOrThrow({ where: { id: consentId } });
    expect([valid.status, valid.externalId]).toEqual(["valid", bankConsentId]);

    // Late calls on the valid consent are refused and change nothing.
    const late = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(redirectRoute.POST, "POST", "x", { headers, params: { consent: consentId }, body: {} }),
      ),
    );
    expect(late.map((a) => a.status)).toEqual(Array(5).fill(409));
    const after = await prisma().consent.findUniqueOrThrow({ where: { id: consentId } });
    expect([after.status, after.externalId, after.bankId]).toEqual(["valid", bankConsentId, valid.bankId]);
    expect(consentsCreatedAtBank(before)).toHaveLength(1);
  });
});

describe("reads read what is stored", () => {
  it("GET accounts, status and remaining-days, 50 times each: no bank call, each answer says how old it is", async () => {
    const c = await connectedConsent("alice");
    const headers = bearer(c.person.token, c.person.scopeId);
    const before = bank.server.calls.length;
    const reads = [consentAccountsRoute.GET, statusRoute.GET, remainingRoute.GET].flatMap((handler) =>
      Array.from({ length: 50 }, () => call(handler, "GET", "x", { headers, params: { consent: c.consentId } })),
    );
    const answers = await Promise.all(reads);
    expect(answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.text}`)).toEqual([]);
    expect(bank.server.calls.slice(before)).toEqual([]);
    const status = answers[50].json as { data: { refreshedAt: string | null } };
    expect(Date.parse(status.data.refreshedAt ?? "")).not.toBeNaN();
  });

  it("approval lists each account with its balance in one call: GET /v1/accounts?withBalance=true, no per-account read", async () => {
    const before = bank.server.calls.length;
    const c = await connectedConsent("alice");
    const calls = bank.server.calls.slice(before).filter((x) => x.method === "GET");
    expect(calls.filter((x) => /\/v1\/accounts\?withBalance=true$/.test(x.path))).toHaveLength(1);
    expect(calls.filter((x) => x.path.includes("/balances"))).toEqual([]);
    const listed = await call<{ data: { currency: string; balance: { amount: string; currency: string } | null }[] }>(
      consentAccountsRoute.GET,
      "GET",
      "x",
      { headers: bearer(c.person.token, c.person.scopeId), params: { consent: c.consentId } },
    );
    expect(listed.json.data.length).toBeGreaterThan(1);
    for (const account of listed.json.data) {
      expect(account.balance?.amount).toMatch(/^-?\d+\.\d{2}$/);
      expect(account.balance?.currency).toBe(account.currency);
    }
  });

  it("10 concurrent POST /accounts for one bank account: one 201, nine 409, no bank call", async () => {
    const c = await connectedConsent("alice");
    const headers = bearer(c.person.token, c.person.scopeId);
    const listed = await call<{ data: { accountId: string }[] }>(consentAccountsRoute.GET, "GET", "x", {
      headers,
      params: { consent: c.consentId },
    });
    const accountId = listed.json.data[0].accountId;
    const before = bank.server.calls.length;
    const body = { bankId: c.bankId, countryCode: "BE", accountType: "private", consentId: c.consentId, accountId };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call(accountsRoute.POST, "POST", "x", { headers, body })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
    // The tracked account's first sync reads the bank (queued after the commit); tracking itself does not.
    expect(bank.server.calls.slice(before).filter((x) => !x.path.includes("/transactions"))).toEqual([]);
    expect(await prisma().trackedAccount.count({ where: { consentId: c.consentId, externalId: accountId } })).toBe(1);
  });
});
