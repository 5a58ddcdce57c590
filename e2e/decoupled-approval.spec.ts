// A bank that approves in its app (NextGenPSD2's decoupled SCA; the sandbox user `decoupled`): the
// person gives their bank user id, is sent nowhere, and waits on our page ("Approve in your banking
// app", the time left, Cancel) while they approve in the bank's banking app, a page of the bank's
// own origin opened elsewhere (their phone). Our page follows by itself; then they track.
import { expect, test, type Page } from "@playwright/test";
import { connectPageIn, signUp } from "./helpers";
import { banksUrl } from "./support/banks";

/** From the dashboard: the first Belgian bank, with the bank user id given; returns the bank's name. */
async function connectInApp(page: Page): Promise<string> {
  await connectPageIn(page, "BE");
  const firstBank = page.getByRole("radio").first();
  await expect(firstBank).toBeVisible();
  await firstBank.check();
  await page.getByLabel("Your user id at the bank (optional)").fill("decoupled");
  const go = page.getByRole("button", { name: /^Continue to / });
  const bankName = ((await go.textContent()) ?? "").replace(/^Continue to /, "").trim();
  await go.click();
  await page.waitForURL(/\/connect\/result\?.*approach=decoupled/);
  await expect(page.getByRole("heading", { name: "Approve in your banking app" })).toBeVisible();
  await expect(page.getByText("Waiting for your approval in the app")).toBeVisible();
  await expect(page.getByText(/Time left: [45]:\d\d/)).toBeVisible();
  return bankName;
}

test("decoupled: approved in the bank's app, our page shows it connected by itself, then the account is tracked", async ({
  page,
  browser,
  baseURL,
}) => {
  await signUp(page, "Decoupled");
  const bankName = await connectInApp(page);
  // Nobody was sent to the bank: we are still on our own origin.
  expect(new URL(page.url()).origin).toBe(new URL(baseURL ?? "").origin);

  const phone = await browser.newContext();
  const app = await phone.newPage();
  await app.goto(`${banksUrl()}/sandbox-bank/app?user=decoupled`);
  // Newest first: this person's request (the only one of theirs) heads the list.
  const request = app
    .locator("section")
    .filter({ has: app.getByRole("heading", { name: `Access request at ${bankName}` }) })
    .first();
  await expect(request).toBeVisible();
  await request.getByRole("button", { name: "Approve" }).click();
  await expect(app.getByRole("status")).toContainText("Approved");
  await phone.close();

  await expect(page.getByRole("heading", { name: `${bankName} is connected` })).toBeVisible({ timeout: 10_000 });
  const accounts = page.getByRole("group", { name: `Accounts at ${bankName}` });
  await expect(accounts.getByRole("checkbox")).toHaveCount(1);
  await page.getByRole("button", { name: "Track 1 account" }).click();
  await page.waitForURL(/\/accounts\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Synced", { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole("table", { name: "Transactions" }).getByRole("row").nth(1)).toBeVisible();
});

test("decoupled: Cancel while waiting ends the request here and at the bank", async ({ page }) => {
  await signUp(page, "DecoupledCancel");
  const bankName = await connectInApp(page);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { name: `${bankName} is not connected` })).toBeVisible();
  await expect(page.getByRole("link", { name: "Try again" })).toBeVisible();
});
