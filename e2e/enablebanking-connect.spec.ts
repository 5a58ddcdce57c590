// A person connects a real-bank integration: Enable Banking, here its local fake (the main e2e server
// runs with ENABLE_BANKING_FAKE=1). Connect page → the bank's hosted page (sign in, choose accounts,
// approve) → back, track the shared account, its first sync, transactions on screen.
import { expect, test } from "@playwright/test";
import { atFakeAggregatorBank, goToBank, signUp } from "./helpers";

test("connect Nordpankki through Enable Banking, share one account, track it, see its transactions", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, "Enable");
  await goToBank(page, "FI", "Nordpankki");

  // Enable Banking's (fake) hosted bank page: who, then which accounts.
  await atFakeAggregatorBank(page, "enablebanking-fake", { userId: "alice", unshared: /Debit card/ });

  await page.waitForURL(/\/connect\/result\?/);
  await expect(page.getByRole("heading", { name: /Nordpankki.* is connected/ })).toBeVisible();
  // Only the account chosen at the bank is shared.
  const accounts = page.getByRole("group", { name: /^Accounts at Nordpankki/ });
  await expect(accounts.getByRole("checkbox")).toHaveCount(1);
  await expect(accounts).toContainText(/FI\d{2}/);
  await page.getByRole("button", { name: "Track 1 account" }).click();

  await page.waitForURL(/\/accounts\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Synced", { exact: true })).toBeVisible({ timeout: 60_000 });
  const status = page.getByRole("status", { name: "Loaded transactions" });
  await expect(status).toContainText(/[1-9][\d,]* transactions? loaded/);
  const table = page.getByRole("table", { name: "Transactions" });
  await expect(table.getByRole("row").nth(1)).toBeVisible();
});
