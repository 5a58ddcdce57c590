// What a person coming from Actual, Firefly III or Monarch looks for on day one: a dashboard with
// totals per currency and recent activity; every account's transactions in one list with one search
// and an account filter (in the URL), date presets; on an account a running balance anchored on the
// bank's balance, with its check; an account nickname; a note and tags on a transaction, found by
// search; and a profile page to change one's password.
import { expect, test } from "@playwright/test";
import { connectAlice, moneyCents } from "./alice";
import { signUp } from "./helpers";
import { uxShot } from "./support/ux-shots";

test("all accounts in one list, date presets, a running balance with its check, names, notes and a password", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUp(page, "Dayone");
  const alice = await connectAlice(page);

  await test.step("the Transactions page lists both accounts' rows, each naming its account", async () => {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Transactions" }).click();
    await page.waitForURL(/\/transactions$/);
    const table = page.getByRole("table", { name: "Transactions" });
    await expect(table.getByRole("row").nth(1)).toBeVisible();
    await page.getByLabel("Search", { exact: true }).fill("Monthly savings");
    await expect(page).toHaveURL(/q=Monthly/);
    // The transfer shows on both sides: out of the current account, into the savings account.
    await expect(table.getByText("Current account").first()).toBeVisible();
    await expect(table.getByText("Savings account").first()).toBeVisible();
    await uxShot(page, "all-accounts-transactions");
    await page.getByLabel("Account", { exact: true }).selectOption({ label: "Savings account" });
    await expect(page).toHaveURL(new RegExp(`accountId=${alice.savingsId}`));
    await expect(table.getByText("Current account")).toHaveCount(0);
    await expect(page.getByTestId("transaction-totals")).toContainText(/\d+ transactions?/);
  });

  await test.step("a date preset sets From and To", async () => {
    await page.getByRole("button", { name: "Last month" }).click();
    await expect(page).toHaveURL(/fromDate=\d{4}-\d{2}-01/);
    await expect(page.getByRole("button", { name: "Last month" })).toHaveAttribute("aria-pressed", "true");
  });

  await test.step("the account's running balance starts at the bank's balance, and the check adds up", async () => {
    await page.goto(`/accounts/${alice.currentId}`);
    const check = page.getByTestId("balance-check");
    await expect(check).toContainText(/Balance check: the bank's €[\d,]+\.\d\d on .* = €[\d,]+\.\d\d before/);
    const bank = moneyCents((await page.getByRole("definition").filter({ hasText: /^€/ }).first().textContent()) ?? "");
    const table = page.getByRole("table", { name: "Transactions" });
    const firstBooked = table
      .getByRole("row")
      .filter({ has: page.getByTestId("running-balance").filter({ hasText: /€/ }) })
      .first();
    expect(moneyCents((await firstBooked.getByTestId("running-balance").textContent()) ?? "")).toBe(bank);
    await page.getByRole("button", { name: "How it is checked" }).click();
    await expect(check).toContainText("missing or counted twice");
    await check.scrollIntoViewIfNeeded();
    await uxShot(page, "running-balance-and-check");
  });

  await test.step("the dashboard: a total per currency and the latest transactions", async () => {
    await page.goto("/dashboard");
    await expect(page.getByRole("list", { name: "Total balance per currency" }).getByRole("listitem")).toHaveCount(1);
    await expect(page.getByTestId("currency-total")).toHaveText(/^€[\d,]+\.\d\d$/);
    await expect(page.getByRole("list", { name: "Recent transactions" }).getByRole("listitem").first()).toBeVisible();
    await uxShot(page, "dashboard-totals-and-activity", { fullPage: true });
  });

  await test.step("a nickname names the account everywhere", async () => {
    await page.goto(`/accounts/${alice.currentId}`);
    await page.getByRole("button", { name: /^Rename Current account/ }).click();
    await page.getByLabel("Nickname for this account").fill("Household");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Household" })).toBeVisible();
    // Focus goes back to Rename, not to <body> with the form that had it.
    await expect(page.getByRole("button", { name: /^Rename Household/ })).toBeFocused();
  });

  await test.step("a note and tags on a transaction, found by search", async () => {
    const table = page.getByRole("table", { name: "Transactions" });
    await table.getByRole("row").nth(2).getByRole("button").first().click();
    const detail = page.getByRole("dialog");
    await detail.getByLabel("Note").fill("Split with Jo");
    await detail.getByLabel("Tags").fill("shared, jo-trip");
    await detail.getByRole("button", { name: "Save note and tags" }).click();
    await expect(detail.getByRole("status").filter({ hasText: "Saved with 2 tag(s)." })).toBeVisible();
    await page.keyboard.press("Escape");
    await page.getByLabel("Search", { exact: true }).fill("jo-trip");
    await expect(page.getByRole("status", { name: "Loaded transactions" })).toContainText("1 transaction loaded");
  });

  await test.step("the profile page changes the password", async () => {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Profile" }).click();
    await page.waitForURL(/\/settings\/profile$/);
    await page.getByLabel("Current password").fill("not my password");
    await page.getByLabel("New password", { exact: true }).fill("a new long passphrase");
    await page.getByLabel("New password again").fill("a new long passphrase");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByLabel("Current password")).toBeFocused();
    await page.getByLabel("Current password").fill("correct horse battery staple");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your password is changed." })).toBeFocused();
  });
});
