// Shared steps for browser specs: each spec signs up its own person, so specs run in parallel.
import { expect, test, type Page } from "@playwright/test";
import { banksUrl } from "./support/banks";
import { connectBank } from "./support/connect";
import { signUpWithSession } from "./support/person";

function newPerson(label: string) {
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  return { name: `${label} ${stamp}`, email: `e2e-${stamp}@example.test`, password: "correct horse battery staple" };
}

/**
 * A new person, signed in, on their dashboard: signed up and in through the API (the calls the
 * sign-up page makes) in the page's browser context, which then opens the dashboard. The sign-up
 * page itself is walked by `signUpOnPage` (the security-header, data-registry and API-key specs) and
 * by the keyboard and accessibility walks: here it would load a page per spec that the spec is not about
 * (0.4 s of CPU and 0.3 s each on this machine; docs/testing.md).
 */
export async function signUp(page: Page, label = "Tester") {
  const person = newPerson(label);
  const baseURL = test.info().project.use.baseURL ?? "";
  await signUpWithSession(page.request, baseURL, person);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard$/);
  return person;
}

/** A new person through the sign-up page: its form, then the dashboard it leads to. */
export async function signUpOnPage(page: Page, label = "Tester") {
  const person = newPerson(label);
  await page.goto("/signup");
  await page.getByLabel("Your name").fill(person.name);
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL("**/dashboard");
  return person;
}

/** On the sandbox bank's pages (on the banks' own origin): log in as a test user and approve or deny. */
export async function atSandboxBank(page: Page, userId: string, decision: "Approve" | "Deny") {
  await page.waitForURL(/\/sandbox-bank\//);
  expect(new URL(page.url()).origin).toBe(banksUrl());
  await page.getByLabel("User ID").fill(userId);
  await page.getByLabel("Password").fill("any password");
  await page.getByRole("button", { name: "Log in" }).click();
  const button = page.getByRole("button", { name: decision });
  await expect(button).toBeVisible();
  await button.click();
}

/**
 * On a local aggregator fake's hosted bank page (sandbox/shared/hosted-page.ts, `/enablebanking-fake`
 * or `/gocardless-fake`): sign in as `userId`, untick the accounts named `unshared`, approve.
 * `atAccounts` checks the account step before anything is changed there.
 */
export async function atFakeAggregatorBank(
  page: Page,
  fake: "enablebanking-fake" | "gocardless-fake",
  { userId, unshared, atAccounts }: { userId: string; unshared: RegExp; atAccounts?: () => Promise<void> },
) {
  await page.waitForURL(new RegExp(`/${fake}/bank/`));
  expect(new URL(page.url()).origin).toBe(banksUrl());
  await page.getByRole("radio", { name: new RegExp(`^${userId}`) }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await atAccounts?.();
  await page.getByRole("checkbox", { name: unshared }).uncheck();
  await page.getByRole("button", { name: "Approve" }).click();
}

/** From the dashboard to the Connect page, and its country (tracking activates by itself). */
export async function connectPageIn(page: Page, country: string) {
  // On a phone the navigation is behind the Menu button.
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Bank connections" }).click();
  // The dashboard has a "Connect a bank" link too: clicked while the navigation above was still on its
  // way, its own navigation was overtaken by it (a run sat on Bank connections for ten minutes).
  await page.waitForURL(/\/consents$/);
  await page.getByRole("link", { name: "Connect a bank" }).first().click();
  await page.waitForURL(/\/connect(\?|$)/);
  await page.getByLabel("Country").selectOption(country);
}

/** From the dashboard: the Connect page's country → search → bank (the first named so), then on to it. */
export async function goToBank(page: Page, country: string, bankName: string) {
  await connectPageIn(page, country);
  await page.getByLabel("Search banks").fill(bankName);
  await page
    .getByRole("radio", { name: new RegExp(`^${bankName}`) })
    .first()
    .check();
  await page.getByRole("button", { name: `Continue to ${bankName}` }).click();
}

/** From the dashboard: pick a Belgian bank and go to it (tracking activates by itself). Returns the bank's name. */
export async function startConnection(page: Page): Promise<string> {
  await connectPageIn(page, "BE");
  const firstBank = page.getByRole("radio").first();
  await expect(firstBank).toBeVisible();
  await firstBank.check();
  const go = page.getByRole("button", { name: /^Continue to / });
  const bankName = ((await go.textContent()) ?? "").replace(/^Continue to /, "").trim();
  await go.click();
  return bankName;
}

/**
 * The scope the page works in, and the headers that call the API in it with the page's session.
 * The app stores its scope once it has read the person's scopes, which can be just after the page
 * arrived: this waits for it rather than sending an empty x-scope (400).
 */
export async function pageScope(page: Page) {
  let scopeId = "";
  await expect
    .poll(async () => (scopeId = (await page.evaluate(() => localStorage.getItem("ledgerlink.scopeId"))) ?? ""))
    .not.toBe("");
  return { scopeId, headers: { "x-scope": scopeId } };
}

/**
 * Connects a Belgian sandbox bank as `bankUser` with the page's session, over HTTP: our API, then the
 * bank's own login and decision forms, then our callback (e2e/support/connect.ts), for specs about
 * what comes after connecting. The way there in the browser (Bank connections, Connect, the bank's
 * pages, the result page) is walked by the connect-bank, track-and-sync, status-truth, keyboard and
 * accessibility specs; here it loaded five pages per spec that the spec was not about
 * (docs/testing.md). Returns the consent as a Connection and the headers that call the API with the
 * page's session.
 */
export async function connectWithSession(page: Page, bankUser: string) {
  const { scopeId, headers } = await pageScope(page);
  const connection = await connectBank(page.request, { session: headers }, bankUser);
  return { connection, scopeId, headers };
}

/**
 * A global default dataset profile in the page's scope (through the API: the registry spec covers its
 * form), keeping the sandbox registry first so no lookup reaches the internet; returns its id.
 */
export async function defaultProfile(
  page: Page,
  name: string,
  subsets = ["information"],
  providers = ["sandbox_registry"],
): Promise<string> {
  const { headers } = await pageScope(page);
  const profile = await page.request.post("/api/datasets/v1/profiles", {
    headers,
    data: {
      name,
      scope: "global",
      subset_selection: subsets,
      provider_priorities: providers,
      is_default: true,
    },
  });
  expect(profile.status()).toBe(201);
  return ((await profile.json()) as { data: { id: string } }).data.id;
}
