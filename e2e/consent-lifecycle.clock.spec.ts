// A machine-facing front end drives the consent lifecycle over the API with a person's bearer token;
// the person approves at the sandbox bank in a browser. Remaining days follow the bank's clock;
// revoke, renew and expiry at the bank are reflected. Runs after all other specs (moves the clock).
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { atSandboxBank } from "./helpers";
import { dataOf } from "./support/envelope";
import { advanceBankClock, endAtBank, resetBankClock } from "./support/sandbox-controls";

type Consent = {
  id: string;
  status: string;
  isValid: boolean;
  remainingDays: string;
  bankConsentId: string | null;
  renewsConsentId: string | null;
};
const BASE = "/api/accounttracking/v1";

async function personWithToken(request: APIRequestContext) {
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const email = `clock-${stamp}@example.test`;
  const password = "correct horse battery staple";
  expect((await request.post("/api/auth/v1/sign-up", { data: { email, password, name: "Clock" } })).status()).toBe(201);
  const grant = await request.post("/api/auth/v1/token", { data: { grantType: "password", email, password } });
  const token = (await dataOf<{ accessToken: string }>(grant)).accessToken;
  const scopes = await dataOf<{ scopeId: string }[]>(
    await request.get("/api/scopes/v1", { headers: { authorization: `Bearer ${token}` } }),
  );
  const headers = { authorization: `Bearer ${token}`, "x-scope": scopes[0].scopeId };
  expect((await request.post(`${BASE}/users`, { headers })).status()).toBe(201);
  return headers;
}

async function approvedConsent(
  request: APIRequestContext,
  page: Page,
  headers: Record<string, string>,
  baseURL: string,
  renewOf?: string,
) {
  let consent: Consent;
  if (renewOf) {
    const renewed = await request.post(`${BASE}/consents/${renewOf}/renew`, { headers });
    expect(renewed.status()).toBe(201);
    consent = await dataOf(renewed);
  } else {
    const banks = await dataOf<{ bankId: string }[]>(await request.get(`${BASE}/banks?country=BE`, { headers }));
    const created = await request.post(`${BASE}/consents`, {
      headers,
      data: { integrationName: "sandbox", purpose: "account_access", expiryDays: 30, bankId: banks[0].bankId },
    });
    expect(created.status()).toBe(201);
    consent = await dataOf(created);
  }
  const returnTo = `${baseURL}/api/health`;
  const redirect = await request.post(`${BASE}/consents/${consent.id}/initiate-redirect`, {
    headers,
    data: { returnTo },
  });
  expect(redirect.status()).toBe(200);
  const { authorizationUrl } = await dataOf<{ authorizationUrl: string }>(redirect);
  // The person's browser has no session of ours: an API-started redirect completes in a fresh browser.
  await page.goto(authorizationUrl);
  await atSandboxBank(page, "alice", "Approve");
  await page.waitForURL(/\/api\/health\?/);
  const back = new URL(page.url());
  expect(back.searchParams.get("consentId")).toBe(consent.id);
  expect(back.searchParams.get("status")).toBe("valid");
  return consent.id;
}

async function status(request: APIRequestContext, headers: Record<string, string>, id: string): Promise<Consent> {
  const res = await request.get(`${BASE}/consents/${id}/status`, { headers });
  expect(res.status()).toBe(200);
  return await dataOf(res);
}

/** Each test: its own person with a bearer token, and `approve` for a consent they approve at the bank. */
const clockTest = test.extend<{
  headers: Record<string, string>;
  approve: (renewOf?: string) => Promise<string>;
}>({
  headers: async ({ request }, use) => use(await personWithToken(request)),
  approve: async ({ request, page, headers, baseURL }, use) =>
    use((renewOf) => approvedConsent(request, page, headers, baseURL ?? "", renewOf)),
});

clockTest.afterAll(async ({ request }) => {
  await resetBankClock(request);
});

/** The person's "Refresh": the one consent read that asks the bank (GETs answer what is stored). */
async function refresh(request: APIRequestContext, headers: Record<string, string>, id: string): Promise<Consent> {
  const res = await request.post(`${BASE}/consents/${id}/refresh`, { headers });
  expect(res.status()).toBe(200);
  return dataOf<Consent>(res);
}

clockTest(
  "remaining days count down with the bank's clock once refreshed; expiry at the bank ends the consent",
  async ({ request, headers, approve }) => {
    const id = await approve();
    expect(await status(request, headers, id)).toMatchObject({ status: "valid", isValid: true, remainingDays: "30" });
    const accounts = await request.get(`${BASE}/consents/${id}/accounts`, { headers });
    expect((await dataOf<unknown[]>(accounts)).length).toBe(2);

    // A read answers what is stored: the bank's calendar is learnt on a refresh.
    await advanceBankClock(request, 10);
    expect(await status(request, headers, id)).toMatchObject({ status: "valid", remainingDays: "30" });
    await refresh(request, headers, id);
    const days = await request.get(`${BASE}/consents/${id}/remaining-days`, { headers });
    expect(await dataOf(days)).toMatchObject({ remainingDays: "20", status: "valid" });

    await advanceBankClock(request, 25);
    expect(await refresh(request, headers, id)).toMatchObject({
      status: "expired",
      isValid: false,
      remainingDays: "0",
    });
    expect(await status(request, headers, id)).toMatchObject({ status: "expired", isValid: false, remainingDays: "0" });
    const refused = await request.get(`${BASE}/consents/${id}/accounts`, { headers });
    expect(refused.status()).toBe(409);
  },
);

clockTest(
  "revoke ends the consent at the bank; its status then stays revoked",
  async ({ request, headers, approve }) => {
    const id = await approve();
    const revoked = await request.post(`${BASE}/consents/${id}/revoke`, { headers });
    expect(revoked.status()).toBe(200);
    expect(await dataOf(revoked)).toMatchObject({ status: "revoked", isValid: false });
    expect((await status(request, headers, id)).status).toBe("revoked");
    expect((await request.get(`${BASE}/consents/${id}/accounts`, { headers })).status()).toBe(409);
  },
);

clockTest(
  "renewing creates a new consent the person approves; the old one becomes renewed",
  async ({ request, headers, approve }) => {
    const oldId = await approve();
    const newId = await approve(oldId);
    expect(newId).not.toBe(oldId);
    expect(await status(request, headers, newId)).toMatchObject({ status: "valid", renewsConsentId: oldId });
    expect((await status(request, headers, oldId)).status).toBe("renewed");
  },
);

clockTest(
  "a consent revoked by the account holder at the bank shows as revoked once refreshed",
  async ({ request, headers, approve }) => {
    const id = await approve();
    const { bankConsentId } = await status(request, headers, id);
    await endAtBank(request, bankConsentId ?? "", "revoke");
    // Until someone asks the bank (a person's refresh, the repair tick's status check) the stored state stands.
    expect(await status(request, headers, id)).toMatchObject({ status: "valid" });
    expect(await refresh(request, headers, id)).toMatchObject({ status: "revoked", isValid: false });
    expect(await status(request, headers, id)).toMatchObject({ status: "revoked", isValid: false });
  },
);
