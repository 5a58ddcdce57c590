// Connecting a sandbox bank user over real HTTP through our API and the bank's own forms, then
// tracking an account and waiting for its sync to end (waiting on the condition, never a sleep).
import { expect, type APIRequestContext } from "@playwright/test";
import type { Person } from "./person";
import { dataOf } from "./envelope";

const API = "/api/accounttracking/v1";

/** A person's headers for our API: their browser session's or their bearer token's (Person). */
type ApiHeaders = Record<string, string>;

export type Connection = {
  consentId: string;
  bankId: string;
  /** The sandbox bank's consent id (XS2A Consent-ID); empty for Enable Banking (sessions are per account). */
  bankConsentId: string;
  countryCode: string;
  /** The origin of the bank's pages (the banks' own, not the app's). */
  bankOrigin: string;
};
export type TrackedAccount = { id: string; bankId: string; bankAccountId: string; consentId: string };
export type Run = {
  id: string;
  state: "queued" | "running" | "succeeded" | "failed";
  attempts: number;
  attended: boolean;
  lastError: string | null;
  retryAt: string | null;
  progress: { pages: number; added: number; updated: number; removed: number; reissued: number };
};

/** Registers the person for tracking and creates a pending consent at the first bank of the country. */
export async function pendingConsentAt(
  request: APIRequestContext,
  headers: ApiHeaders,
  integrationName: string,
  country: string,
): Promise<{ consentId: string; bankId: string }> {
  expect([200, 201]).toContain((await request.post(`${API}/users`, { headers })).status());
  const banks = await request.get(`${API}/banks?country=${country}&integrationName=${integrationName}`, { headers });
  const bankId = ((await banks.json()) as { data: { bankId: string }[] }).data[0].bankId;
  const created = await request.post(`${API}/consents`, {
    headers,
    data: { integrationName, purpose: "account_access", expiryDays: 90, bankId },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { consentId: ((await created.json()) as { data: { id: string } }).data.id, bankId };
}

/** initiate-redirect: the bank's page the person is sent to. */
export async function initiateRedirect(
  request: APIRequestContext,
  headers: ApiHeaders,
  consentId: string,
  data: Record<string, unknown> = {},
): Promise<URL> {
  const redirect = await request.post(`${API}/consents/${consentId}/initiate-redirect`, { headers, data });
  expect(redirect.status(), await redirect.text()).toBe(200);
  return new URL((await dataOf<{ authorizationUrl: string }>(redirect)).authorizationUrl);
}

/** The bank's redirect back reaches our callback (303 on to our page); the consent is then valid. */
async function landBackValid(request: APIRequestContext, headers: ApiHeaders, consentId: string, back: URL) {
  expect((await request.get(`${back.pathname}${back.search}`, { maxRedirects: 0 })).status()).toBe(303);
  const consent = await dataOf<{ status: string }>(await request.get(`${API}/consents/${consentId}`, { headers }));
  expect(consent.status).toBe("valid");
}

/**
 * Registers the person, creates a consent at the first bank of the country and sends it there
 * (initiate-redirect), where `decide` acts as the person and returns the bank's redirect back; that
 * lands on our callback, and the consent is then valid.
 */
export async function connectThrough(
  request: APIRequestContext,
  person: Pick<Person, "session">,
  integration: { name: string; country: string },
  decide: (atBank: URL, bankId: string) => Promise<URL>,
): Promise<Omit<Connection, "bankConsentId"> & { atBank: URL }> {
  const headers = person.session;
  const { consentId, bankId } = await pendingConsentAt(request, headers, integration.name, integration.country);
  const atBank = await initiateRedirect(request, headers, consentId);
  await landBackValid(request, headers, consentId, await decide(atBank, bankId));
  return { consentId, bankId, countryCode: integration.country, atBank, bankOrigin: atBank.origin };
}

/** Consent at a sandbox bank of the country for `bankUser`: its login form, then Approve. */
export async function connectBank(
  request: APIRequestContext,
  person: Pick<Person, "session">,
  bankUser: string,
  country = "BE",
): Promise<Connection> {
  const { atBank, ...connection } = await connectThrough(request, person, { name: "sandbox", country }, (at, bankId) =>
    approveAtSandboxBank(request, at, bankId, bankUser),
  );
  return { ...connection, bankConsentId: atBank.searchParams.get("consentId") ?? "" };
}

/** At the sandbox bank's pages: `bankUser` logs in and approves; returns the bank's redirect back to us. */
export async function approveAtSandboxBank(
  request: APIRequestContext,
  atBank: URL,
  bankId: string,
  bankUser: string,
): Promise<URL> {
  const form = { consentId: atBank.searchParams.get("consentId") ?? "" };
  // The bank's own forms, on its own origin (its login cookie is kept there by this context).
  const login = await request.post(`${atBank.origin}/sandbox-bank/${bankId}/authorize/login`, {
    form: { ...form, userId: bankUser, password: "any" },
    maxRedirects: 0,
  });
  expect(login.status()).toBe(303);
  const decision = await request.post(`${atBank.origin}/sandbox-bank/${bankId}/authorize/decision`, {
    form: { ...form, decision: "approve" },
    maxRedirects: 0,
  });
  expect(decision.status()).toBe(303);
  return new URL(decision.headers()["location"]);
}

export async function trackAccount(
  request: APIRequestContext,
  headers: ApiHeaders,
  connection: Connection,
  accountType: "private" | "company" | "payment" = "private",
  accountId?: string,
): Promise<{ account: TrackedAccount; run: Run }> {
  // The first account of the type the bank shares (alice has a current and a savings account).
  const shared = await request.get(`${API}/consents/${connection.consentId}/accounts`, { headers });
  expect(shared.status(), await shared.text()).toBe(200);
  const first = (await dataOf<{ accountId: string; accountType: string }[]>(shared)).find(
    (a) => a.accountType === accountType,
  );
  const res = await request.post(`${API}/accounts`, {
    headers,
    data: {
      bankId: connection.bankId,
      countryCode: connection.countryCode,
      accountType,
      consentId: connection.consentId,
      accountId: accountId ?? first?.accountId,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { account, sync } = await dataOf<{ account: TrackedAccount; sync: Run }>(res);
  return { account, run: sync };
}

export async function syncStatus(request: APIRequestContext, headers: ApiHeaders, accountId: string): Promise<Run> {
  const res = await request.get(`${API}/accounts/${accountId}/sync-status`, { headers });
  expect(res.status()).toBe(200);
  const body = await dataOf<{ run: Run | null }>(res);
  if (!body.run) throw new Error("no run yet");
  return body.run;
}

/** Waits (by polling the API) until the account's latest run has ended; returns it. */
export async function runEnded(
  request: APIRequestContext,
  headers: ApiHeaders,
  accountId: string,
  timeout = 90_000,
): Promise<Run> {
  let last: Run | null = null;
  await expect
    .poll(
      async () => {
        last = await syncStatus(request, headers, accountId);
        return last.state;
      },
      { timeout, intervals: [100, 200, 500] },
    )
    .toMatch(/^(succeeded|failed)$/);
  if (!last) throw new Error("unreachable");
  return last;
}

export async function startSync(request: APIRequestContext, headers: ApiHeaders, accountId: string): Promise<Run> {
  const res = await request.post(`${API}/accounts/${accountId}/sync-transactions`, { headers });
  expect(res.status(), await res.text()).toBe(202);
  return await dataOf<Run>(res);
}
