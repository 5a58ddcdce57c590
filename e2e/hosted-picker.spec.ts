// The specification's flow with its own fields alone. A machine caller (bearer token) creates a
// consent without a bank and calls initiate-redirect with no body; the account holder's browser
// (no Ledgerlink session) follows authorizationUrl to our hosted bank picker, picks a country and a
// bank, chooses at the sandbox bank which accounts to share, and lands on the public result page.
// The caller then tracks the one shared account, syncs it and lists its transactions.
import { expect, test } from "@playwright/test";
import { runEnded } from "./support/connect";
import { signedInPerson } from "./support/person";

const API = "/api/accounttracking/v1";

test("API-started consent without a bank: hosted picker → bank (one account shared) → public result → track, sync, list", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const caller = await signedInPerson(request, baseURL ?? "", "Picker");
  const headers = caller.token;
  expect((await request.post(`${API}/users`, { headers })).status()).toBe(201);
  const created = await request.post(`${API}/consents`, {
    headers,
    data: { integrationName: "sandbox", purpose: "account_access", expiryDays: 30 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const consentId = ((await created.json()) as { data: { id: string } }).data.id;
  const redirect = await request.post(`${API}/consents/${consentId}/initiate-redirect`, { headers });
  expect(redirect.status(), await redirect.text()).toBe(200);
  const { authorizationUrl } = ((await redirect.json()) as { data: { authorizationUrl: string } }).data;
  expect(new URL(authorizationUrl).pathname).toMatch(/^\/choose-bank\/[\w-]+\.[\w-]+$/);

  // The account holder: another browser, never signed in to Ledgerlink, reading French.
  const holder = await browser.newContext({ locale: "fr-FR" });
  const page = await holder.newPage();
  await page.goto(authorizationUrl);
  await expect(page.getByRole("heading", { name: "Choose your bank" })).toBeVisible();
  // The page starts on the reader's own country (their Accept-Language), not the alphabet's first.
  await expect(page.getByLabel("Country")).toHaveValue("FR");
  await page.getByLabel("Country").selectOption("BE");
  const first = page.getByRole("radio").first();
  await expect(first).toBeVisible();
  await first.check();
  await page.getByRole("button", { name: /^Continue to / }).click();

  await page.waitForURL(/\/sandbox-bank\//);
  await page.getByLabel("User ID").fill("alice");
  await page.getByLabel("Password").fill("any password");
  await page.getByRole("button", { name: "Log in" }).click();
  // Bank-offered consent: alice chooses the accounts; she keeps her savings account to herself.
  const choice = page.getByRole("group", { name: "Choose the accounts to share" });
  await expect(choice.getByRole("checkbox", { checked: true })).toHaveCount(2);
  await choice.getByRole("checkbox", { name: /Savings/ }).uncheck();
  await page.getByRole("button", { name: "Approve" }).click();

  await page.waitForURL(/\/bank-connection-result\?/);
  await expect(page.getByRole("heading", { name: "Your bank is connected" })).toBeVisible();
  await expect(page.getByText("You can close this window.")).toBeVisible();
  await holder.close();

  // The caller: the consent is valid at the bank picked in the browser; one account is shared.
  const consent = (
    (await (await request.get(`${API}/consents/${consentId}`, { headers })).json()) as {
      data: { status: string; bankId: string; countryCode: string };
    }
  ).data;
  expect(consent.status).toBe("valid");
  const shared = await request.get(`${API}/consents/${consentId}/accounts`, { headers });
  expect(((await shared.json()) as { data: unknown[] }).data).toHaveLength(1);
  // bankId, countryCode and accountType alone name that one account.
  const tracked = await request.post(`${API}/accounts`, {
    headers,
    data: { bankId: consent.bankId, countryCode: consent.countryCode, accountType: "private" },
  });
  expect(tracked.status(), await tracked.text()).toBe(201);
  const accountId = ((await tracked.json()) as { data: { account: { id: string } } }).data.account.id;
  expect((await runEnded(request, headers, accountId)).state).toBe("succeeded");
  const list = await request.get(`${API}/accounts/${accountId}/transactions?perPage=10`, { headers });
  expect(list.status()).toBe(200);
  expect(((await list.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
});

test("a refused callback in a browser without a Ledgerlink session ends on the public result page", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${API}/consents/callback/sandbox?state=${"x".repeat(43)}&result=ok`);
  await page.waitForURL(/\/bank-connection-result\?/);
  await expect(page.getByRole("heading", { name: "We could not finish connecting your bank" })).toBeVisible();
  await expect(page.getByText("You can close this window.")).toBeVisible();
  expect(new URL(page.url()).searchParams.get("reason")).toBe("unknown_state");
  await context.close();
});
