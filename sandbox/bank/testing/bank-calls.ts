// Test helpers: call the sandbox bank's route handlers with web Requests, as Next.js does, and walk
// the redirect flow (login form, then Approve/Deny) like a browser would.
import { randomUUID } from "node:crypto";
import { call, type CallResult } from "@/testing/support/http";
import * as accountRoute from "@/app/sandbox-bank/api/banks/[bankId]/v1/accounts/[accountId]/route";
import * as balancesRoute from "@/app/sandbox-bank/api/banks/[bankId]/v1/accounts/[accountId]/balances/route";
import * as transactionsRoute from "@/app/sandbox-bank/api/banks/[bankId]/v1/accounts/[accountId]/transactions/route";
import * as accountsRoute from "@/app/sandbox-bank/api/banks/[bankId]/v1/accounts/route";
import * as consentRoute from "@/app/sandbox-bank/api/banks/[bankId]/v1/consents/[consentId]/route";
import * as statusRoute from "@/app/sandbox-bank/api/banks/[bankId]/v1/consents/[consentId]/status/route";
import * as consentsRoute from "@/app/sandbox-bank/api/banks/[bankId]/v1/consents/route";
import * as decisionRoute from "@/app/sandbox-bank/[bankId]/authorize/decision/route";
import * as loginRoute from "@/app/sandbox-bank/[bankId]/authorize/login/route";
import * as clockRoute from "@/app/sandbox-bank/api/controls/clock/route";
import { addDays } from "@/sandbox/bank/data/dates";

export const TPP_OK = "https://tpp.example.test/callback?state=abc";
export const TPP_NOK = "https://tpp.example.test/callback?state=abc&error=denied";

export type Json = Record<string, unknown>;

export async function sandboxToday(): Promise<string> {
  const res = await call<{ today: string }>(clockRoute.GET, "GET", "/sandbox-bank/api/controls/clock");
  return res.json.today;
}

export async function createConsent(
  bankId: string,
  options: { body?: Json; headers?: Record<string, string> } = {},
): Promise<CallResult<Json>> {
  const today = await sandboxToday();
  return call<Json>(consentsRoute.POST, "POST", `/sandbox-bank/api/banks/${bankId}/v1/consents`, {
    params: { bankId },
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

function form(bankId: string, consentId: string, fields: Record<string, string>, cookie?: string, accounts?: string[]) {
  const body = new URLSearchParams({ consentId, ...fields });
  // The review page's account checkboxes (a bank-offered consent), when a test ticks some.
  if (accounts) body.set("accountChoice", "1");
  for (const id of accounts ?? []) body.append("account", id);
  return {
    params: { bankId },
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    rawBody: body.toString(),
  };
}

/** Posts the login form; returns the 303 and the login cookie (name=value) it set. */
export async function login(bankId: string, consentId: string, userId: string, password = "any") {
  const res = await call(
    loginRoute.POST,
    "POST",
    `/sandbox-bank/${bankId}/authorize/login`,
    form(bankId, consentId, { userId, password }),
  );
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
  return call(
    decisionRoute.POST,
    "POST",
    `/sandbox-bank/${bankId}/authorize/decision`,
    form(bankId, consentId, { decision }, cookie, accounts),
  );
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
  call<Json>(consentRoute.GET, "GET", `/sandbox-bank/api/banks/${bankId}/v1/consents/${consentId}`, {
    params: { bankId, consentId },
  });
export const consentDelete = (bankId: string, consentId: string) =>
  call<Json>(consentRoute.DELETE, "DELETE", `/sandbox-bank/api/banks/${bankId}/v1/consents/${consentId}`, {
    params: { bankId, consentId },
  });
export const consentStatus = async (bankId: string, consentId: string) =>
  (
    await call<{ consentStatus: string }>(
      statusRoute.GET,
      "GET",
      `/sandbox-bank/api/banks/${bankId}/v1/consents/${consentId}/status`,
      { params: { bankId, consentId } },
    )
  ).json.consentStatus;

type AccessOptions = { consentId?: string | null; present?: boolean; query?: string };

function accessHeaders(o: AccessOptions): Record<string, string> {
  return {
    ...(o.consentId ? { "consent-id": o.consentId } : {}),
    ...(o.present ? { "psu-ip-address": "192.0.2.10" } : {}),
  };
}

export const accounts = (bankId: string, o: AccessOptions) =>
  call<Json>(accountsRoute.GET, "GET", `/sandbox-bank/api/banks/${bankId}/v1/accounts`, {
    params: { bankId },
    headers: accessHeaders(o),
    query: o.query,
  });
export const account = (bankId: string, accountId: string, o: AccessOptions) =>
  call<Json>(accountRoute.GET, "GET", `/sandbox-bank/api/banks/${bankId}/v1/accounts/${accountId}`, {
    params: { bankId, accountId },
    headers: accessHeaders(o),
    query: o.query,
  });
export const balances = (bankId: string, accountId: string, o: AccessOptions) =>
  call<Json>(balancesRoute.GET, "GET", `/sandbox-bank/api/banks/${bankId}/v1/accounts/${accountId}/balances`, {
    params: { bankId, accountId },
    headers: accessHeaders(o),
  });
export const transactions = (bankId: string, accountId: string, o: AccessOptions) =>
  call<Json>(transactionsRoute.GET, "GET", `/sandbox-bank/api/banks/${bankId}/v1/accounts/${accountId}/transactions`, {
    params: { bankId, accountId },
    headers: accessHeaders(o),
    query: o.query ?? "bookingStatus=both",
  });

/** Follows a `_links.*.href` (an absolute path) to the transactions handler. */
export function transactionsByHref(bankId: string, accountId: string, href: string, o: AccessOptions) {
  const url = new URL(href, "http://localhost");
  return transactions(bankId, accountId, { ...o, query: url.search.slice(1) });
}

export async function firstAccountId(bankId: string, consentId: string): Promise<string> {
  const res = await accounts(bankId, { consentId, present: true });
  return String((res.json.accounts as Json[])[0].resourceId);
}
