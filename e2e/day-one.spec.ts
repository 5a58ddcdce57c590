// What a person coming from Actual, Firefly III or Monarch looks for on day one: every account's
// transactions in one list with one search and an account filter (in the URL), date presets, and
// on an account a running balance anchored on the bank's balance, with its check.
import { expect, test } from "@playwright/test";
import { connectAlice, moneyCents } from "./alice";
import { signUp } from "./helpers";

const SHOTS = process.env.UX_SHOTS_DIR ?? "/tmp/ux-shots";

test("all accounts in one list, date presets, and a running balance with its check", async ({ page }) => {
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
    await page.screenshot({ path: `${SHOTS}/all-accounts-transactions.png`, fullPage: false });
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
    await page.screenshot({ path: `${SHOTS}/running-balance-and-check.png`, fullPage: false });
  });
});
