// Test helpers: call the sandbox bank (sandbox/testing/test-banks.ts) with web Requests, and walk
// the redirect flow (login form, then Approve/Deny) like a browser would.
import { randomUUID } from "node:crypto";
import { addDays } from "@/sandbox/bank/data/dates";
import { bankRequest, control, type BankAnswer, type Json } from "@/sandbox/testing/test-banks";

export type { Json };

export const TPP_OK = "https://tpp.example.test/callback?state=abc";
export const TPP_NOK = "https://tpp.example.test/callback?state=abc&error=denied";

export async function sandboxToday(): Promise<string> {
  const res = await control<{ today: string }>("GET", "clock");
  return res.json.today;
}

export async function createConsent(
  bankId: string,
  options: { body?: Json; headers?: Record<string, string> } = {},
): Promise<BankAnswer> {
  const today = await sandboxToday();
  return bankRequest(`/sandbox-bank/api/banks/${bankId}/v1/consents`, {
    method: "POST",
    headers: {
      "x-request-id": randomUUID(),
      "tpp-redirect-preferred": "true",
      "tpp-redirect-uri": TPP_OK,
      "tpp-nok-redirect-uri": TPP_NOK,
      ...options.headers,
    },
    body: {
      access: { allPsd2: "allAccounts" },
      recurringIndicator: true,
      validUntil: addDays(today, 90),
      frequencyPerDay: 4,
      combinedServiceIndicator: false,
      ...options.body,
    },
  });
}

function form(consentId: string, fields: Record<string, string>, cookie?: string, accounts?: string[]) {
  const body = new URLSearchParams({ consentId, ...fields });
  // The review page's account checkboxes (a bank-offered consent), when a test ticks some.
  if (accounts) body.set("accountChoice", "1");
  for (const id of accounts ?? []) body.append("account", id);
  return {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    rawBody: body.toString(),
  };
}

/** Posts the login form; returns the 303 and the login cookie (name=value) it set. */
export async function login(bankId: string, consentId: string, userId: string, password = "any") {
  const res = await bankRequest(`/sandbox-bank/${bankId}/authorize/login`, form(consentId, { userId, password }));
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0];
  return { res, cookie };
}

export async function decide(
  bankId: string,
  consentId: string,
  decision: "approve" | "deny" | "cancel",
  cookie?: string,
  accounts?: string[],
) {
  return bankRequest(`/sandbox-bank/${bankId}/authorize/decision`, form(consentId, { decision }, cookie, accounts));
}

/** Creates a consent and approves it as `userId`; returns the consent id. */
export async function approvedConsent(bankId: string, userId: string, body: Json = {}): Promise<string> {
  const created = await createConsent(bankId, { body });
  const consentId = String(created.json.consentId);
  const { cookie } = await login(bankId, consentId, userId);
  const res = await decide(bankId, consentId, "approve", cookie);
  if (res.headers.get("location") !== TPP_OK)
    throw new Error(`approval of ${userId} did not redirect to the TPP: ${res.headers.get("location")}`);
  return consentId;
}

export const consentGet = (bankId: string, consentId: string) =>
  bankRequest(`/sandbox-bank/api/banks/${bankId}/v1/consents/${consentId}`);
export const consentDelete = (bankId: string, consentId: string) =>
  bankRequest(`/sandbox-bank/api/banks/${bankId}/v1/consents/${consentId}`, { method: "DELETE" });
export const consentStatus = async (bankId: string, consentId: string) =>
  (await bankRequest<{ consentStatus: string }>(`/sandbox-bank/api/banks/${bankId}/v1/consents/${consentId}/status`))
    .json.consentStatus;

type AccessOptions = { consentId?: string | null; present?: boolean; query?: string };

function accessHeaders(o: AccessOptions): Record<string, string> {
  return {
    ...(o.consentId ? { "consent-id": o.consentId } : {}),
    ...(o.present ? { "psu-ip-address": "192.0.2.10" } : {}),
  };
}

export const accounts = (bankId: string, o: AccessOptions) =>
  bankRequest(`/sandbox-bank/api/banks/${bankId}/v1/accounts`, { headers: accessHeaders(o), query: o.query });
export const account = (bankId: string, accountId: string, o: AccessOptions) =>
  bankRequest(`/sandbox-bank/api/banks/${bankId}/v1/accounts/${accountId}`, {
    headers: accessHeaders(o),
    query: o.query,
  });
export const balances = (bankId: string, accountId: string, o: AccessOptions) =>
  bankRequest(`/sandbox-bank/api/banks/${bankId}/v1/accounts/${accountId}/balances`, { headers: accessHeaders(o) });
export const transactions = (bankId: string, accountId: string, o: AccessOptions) =>
  bankRequest(`/sandbox-bank/api/banks/${bankId}/v1/accounts/${accountId}/transactions`, {
    headers: accessHeaders(o),
    query: o.query ?? "bookingStatus=both",
  });

/** Follows a `_links.*.href` (a path below the bank's origin) to the transactions endpoint. */
export function transactionsByHref(bankId: string, accountId: string, href: string, o: AccessOptions) {
  const url = new URL(href, "http://localhost");
  return transactions(bankId, accountId, { ...o, query: url.search.slice(1) });
}

export async function firstAccountId(bankId: string, consentId: string): Promise<string> {
  const res = await accounts(bankId, { consentId, present: true });
  return String((res.json.accounts as Json[])[0].resourceId);
}
