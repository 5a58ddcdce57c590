// As a new person would: sign up, register for tracking, pick a country and bank, create a consent,
// follow the redirect to the sandbox bank (another site: the banks' own origin), approve (or deny),
// land back, and see the outcome, still signed in.
import { expect, test } from "@playwright/test";
import { atSandboxBank, signUp, startConnection } from "./helpers";
import { banksUrl } from "./support/banks";

test("approving at the bank makes the consent valid and shows its accounts", async ({ page, baseURL }) => {
  const person = await signUp(page, "Connect");
  const bankName = await startConnection(page);
  await page.waitForURL(/\/sandbox-bank\//);
  // The bank's page is another origin, and another site (127.0.0.1 against localhost), as a real
  // bank's is: the redirect there and the callback back are cross-site navigations.
  const bankOrigin = new URL(page.url()).origin;
  expect(bankOrigin).toBe(banksUrl());
  expect(new URL(bankOrigin).hostname).not.toBe(new URL(baseURL ?? "").hostname);
  // Our session cookie is not the bank's to see.
  expect((await page.context().cookies(bankOrigin)).map((c) => c.name)).not.toContain("authjs.session-token");
  await atSandboxBank(page, "alice", "Approve");

  await page.waitForURL(/\/connect\/result\?/);
  expect(new URL(page.url()).origin).toBe(new URL(baseURL ?? "").origin);
  // Still signed in after the round trip: the session cookie came along on the cross-site return.
  const me = await page.request.get("/api/auth/v1/me");
  expect(me.status()).toBe(200);
  expect(((await me.json()) as { data: { user: { email: string } } }).data.user.email).toBe(person.email);
  await expect(page.getByRole("heading", { name: `${bankName} is connected` })).toBeVisible();
  // alice's current and savings accounts, both ticked to track, right here.
  const accounts = page.getByRole("group", { name: `Accounts at ${bankName}` });
  await expect(accounts.getByRole("checkbox")).toHaveCount(2);
  await expect(accounts.getByRole("checkbox", { checked: true })).toHaveCount(2);
  await expect(accounts).toContainText(/BE\d{2} /);
  // Each with the balance the bank listed it with (withBalance), before any sync: "€1,234.56 on 28 Nov 2026".
  await expect(accounts.getByTestId("listed-balance")).toHaveCount(2);
  await expect(accounts.getByTestId("listed-balance").first()).toHaveText(
    /^-?€[\d,]+\.\d{2}( on \d{1,2} \w{3} \d{4})?$/,
  );
  await expect(page.getByRole("button", { name: "Track 2 accounts" })).toBeEnabled();

  await page.getByRole("link", { name: "Go to bank connections" }).click();
  const row = page.getByRole("table", { name: "Bank connections" }).getByRole("row").filter({ hasText: bankName });
  await expect(row.getByText("Connected", { exact: true })).toBeVisible();
  await expect(row.getByText("90 days left")).toBeVisible();
});

test("denying at the bank leaves the consent rejected", async ({ page }) => {
  await signUp(page, "Deny");
  const bankName = await startConnection(page);
  await atSandboxBank(page, "deny", "Deny");

  await page.waitForURL(/\/connect\/result\?/);
  // Names the bank, blames no one, and offers trying again first.
  await expect(page.getByRole("heading", { name: `${bankName} did not connect` })).toBeVisible();
  await expect(page.getByText(`The approval at ${bankName} was cancelled or not completed`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", /\/connect\?country=BE&bank=/);
  await page.getByRole("link", { name: "Go to bank connections" }).click();
  const row = page.getByRole("table", { name: "Bank connections" }).getByRole("row").filter({ hasText: bankName });
  await expect(row.getByText("Declined", { exact: true })).toBeVisible();
});

test("a callback finished in another browser is refused and the consent stays pending", async ({ page, browser }) => {
  await signUp(page, "Binding");
  await startConnection(page);
  await page.waitForURL(/\/sandbox-bank\//);
  // Approve at the bank in a different browser session, then follow the bank's redirect there.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto(page.url());
  await atSandboxBank(otherPage, "alice", "Approve");
  await otherPage.waitForURL(/\/(connect\/result|signin)/);
  await other.close();

  await page.goto("/consents");
  const row = page.getByRole("table", { name: "Bank connections" }).getByRole("row").nth(1);
  await expect(row.getByText("Waiting for the bank")).toBeVisible();
  // The detail page asks the bank live; the bank says valid, but an approval that did not come back
  // through an accepted callback never makes the consent valid here.
  await row.getByRole("link").first().click();
  await expect(page.getByText("Waiting for the bank").first()).toBeVisible();
  await expect(page.getByText("Accounts can be read only while the consent is valid.")).toBeVisible();
});
