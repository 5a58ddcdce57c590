// Housekeeping in the browser: the account page's Manage menu stops tracking and Undo resumes it,
// focus on the status line each time (never <body>); the dashboard's total leaves a stopped account
// out and says what its balance was and when; on the accounts list, Hide takes a row out, "Show 1
// hidden account" brings it back, and Show undoes it. axe on each new state.
import { expect, test, type Page } from "@playwright/test";
import { connectAlice, expectAccessible } from "./alice";
import { signUp } from "./helpers";
import { dataOf } from "./support/envelope";
import { uxShot } from "./support/ux-shots";

const API = "/api/accounttracking/v1";

type Account = { name: string | null; product: string | null; balance: { amount: string; date: string | null } | null };

const focusOnBody = (page: Page) => page.evaluate(() => document.activeElement === document.body);

test("Manage → Stop tracking → Undo; the dashboard total after an account ended; Hide → Show 1 hidden account → Show", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page, "Housekeeping");
  const alice = await connectAlice(page);
  const savings = await dataOf<Account>(
    await page.request.get(`${API}/accounts/${alice.savingsId}`, { headers: alice.headers }),
  );
  const current = await dataOf<Account>(
    await page.request.get(`${API}/accounts/${alice.currentId}`, { headers: alice.headers }),
  );
  const savingsTitle = savings.name ?? savings.product ?? "Account";
  const currentTitle = current.name ?? current.product ?? "Account";
  // The page's status line (role=status), where focus goes after each action.
  const status = page.getByTestId("housekeeping-status");

  await test.step("the account page: the menu says what each action does; stop, then undo", async () => {
    await page.goto(`/accounts/${alice.savingsId}`);
    await page.getByRole("button", { name: `Manage ${savingsTitle}` }).click();
    const menu = page.getByRole("list", { name: `Manage ${savingsTitle}` });
    await expect(menu.getByRole("button", { name: /^Stop tracking/ })).toBeFocused();
    await expect(menu).toContainText("No more syncs. Its transactions and counterparts stay.");
    await expect(menu.getByRole("button", { name: /^Hide/ })).toContainText("It still syncs.");
    await expectAccessible(page, "account page with the Manage menu open");
    await uxShot(page, "account-menu-stop-hide");

    await menu.getByRole("button", { name: /^Stop tracking/ }).click();
    await expect(status).toContainText(`Stopped tracking ${savingsTitle}: it no longer syncs`);
    await expect(status).toBeFocused();
    await expect(page.getByTestId("housekeeping")).toContainText("Tracking stopped since");
    await expectAccessible(page, "account page of a stopped account");

    await status.getByRole("button", { name: "Undo" }).click();
    await expect(status).toContainText(`Undone. ${savingsTitle} is tracked again.`);
    await expect(status).toBeFocused();
    expect(await focusOnBody(page)).toBe(false);
    await expect(page.getByTestId("housekeeping")).toHaveCount(0);
  });

  await test.step("stopped again: the dashboard's total leaves it out and says what its balance was, and when", async () => {
    await page.getByRole("button", { name: `Manage ${savingsTitle}` }).click();
    await page.getByRole("button", { name: /^Stop tracking/ }).click();
    await expect(status).toContainText(`Stopped tracking ${savingsTitle}`);
    await page.goto("/dashboard");
    const totals = page.locator("section").filter({ has: page.getByRole("heading", { name: "Total balance" }) });
    await expect(totals.getByTestId("currency-total-note")).toHaveText("EUR · 1 account");
    const leftOut = totals.getByTestId("totals-left-out");
    await expect(leftOut).toContainText("Not in the total: 1 account no longer syncing");
    await expect(leftOut).toContainText(`${savingsTitle} (tracking stopped):`);
    if (savings.balance?.date) await expect(leftOut).toContainText(/ on \d{1,2} \w{3} \d{4}/);
    await expect(page.getByRole("list", { name: "Tracked accounts" })).toContainText("Tracking stopped");
    await expect(page.getByText("Tracking is stopped for 1 of 2 accounts.")).toBeVisible();
    await expectAccessible(page, "dashboard with a stopped account");
    await uxShot(page, "dashboard-total-after-account-ended", { fullPage: true });
  });

  await test.step("the accounts list: Hide takes the row out, Show 1 hidden account brings it back", async () => {
    await page.goto("/accounts");
    const table = page.getByRole("table", { name: "Tracked accounts" });
    await expect(table.getByRole("link", { name: currentTitle })).toBeVisible();
    await table.getByRole("button", { name: `Manage ${currentTitle}` }).click();
    await page.getByRole("button", { name: /^Hide/ }).click();
    await expect(status).toContainText(`Hid ${currentTitle}`);
    await expect(status).toBeFocused();
    await expect(table.getByRole("link", { name: currentTitle })).toHaveCount(0);
    expect(await focusOnBody(page)).toBe(false);

    const showHidden = page.getByRole("button", { name: "Show 1 hidden account" });
    await showHidden.click();
    await expect(table.getByRole("link", { name: currentTitle })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Leave out 1 hidden or archived account/ })).toBeFocused();
    await expectAccessible(page, "accounts list with hidden accounts shown");

    await table.getByRole("button", { name: `Manage ${currentTitle}` }).click();
    await page.getByRole("button", { name: /^Show/ }).click();
    await expect(status).toContainText(`${currentTitle} is shown again.`);
    await expect(status).toBeFocused();
    await expect(page.getByRole("button", { name: /hidden account/ })).toHaveCount(0);
  });
});
