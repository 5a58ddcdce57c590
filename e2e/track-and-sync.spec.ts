// As a new person would: connect a bank, track the current account from the bank connection's
// page, watch the first sync finish, scroll the transactions to load a second page, filter by date.
import { expect, test, type Locator } from "@playwright/test";
import { atSandboxBank, signUp, startConnection } from "./helpers";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "12 Mar 2026" (the table's en-GB dates) → the first day of the month before, as YYYY-MM-DD. */
function startOfPreviousMonth(shown: string): string {
  const [, month, year] = /\d{1,2} (\w{3,4}) (\d{4})/.exec(shown) ?? [];
  const date = new Date(Date.UTC(Number(year), MONTHS.indexOf((month ?? "").slice(0, 3)) - 1, 1));
  return date.toISOString().slice(0, 10);
}

async function loadedCount(status: Locator): Promise<number> {
  const text = (await status.textContent()) ?? "";
  const match = /([\d,]+) transactions? loaded/.exec(text);
  return match ? Number(match[1].replace(/,/g, "")) : 0;
}

test("track an account, sync it, page through and filter its transactions", async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, "Track");
  const bankName = await startConnection(page);
  await atSandboxBank(page, "alice", "Approve");
  await page.waitForURL(/\/connect\/result\?/);
  await expect(page.getByRole("heading", { name: `${bankName} is connected` })).toBeVisible();

  // Bank connections → the bank's row → its page, where each account can be tracked.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Bank connections" }).click();
  await page
    .getByRole("table", { name: "Bank connections" })
    .getByRole("row")
    .filter({ hasText: bankName })
    .getByRole("link")
    .first()
    .click();
  // Every shared account starts ticked: untick the savings account and track the current one.
  await page.getByRole("checkbox", { name: /savings/i }).uncheck();
  await page.getByRole("button", { name: "Track 1 account" }).click();

  // The account's page; tracking started the first sync.
  await page.waitForURL(/\/accounts\/[0-9a-f-]{36}$/);
  const progress = page.getByRole("progressbar", { name: "Sync progress" });
  await expect(progress).toBeVisible();
  await expect(page.getByText("Synced", { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(progress).toHaveAttribute("aria-valuenow", "100");
  await expect(page.getByRole("button", { name: "Sync now" })).toBeEnabled();
  await expect(page.getByRole("definition").filter({ hasText: /^€[\d,]+\.\d\d$/ })).toBeVisible();

  const status = page.getByRole("status", { name: "Loaded transactions" });
  await expect(status).toContainText(/[1-9][\d,]* transactions loaded/);
  const firstPage = await loadedCount(status);
  expect(firstPage).toBeGreaterThan(0);
  const table = page.getByRole("table", { name: "Transactions" });
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  // Only the visible rows (and a few more) are rendered.
  expect(await table.getByRole("row").count()).toBeLessThan(firstPage);

  const newestCell = table.getByRole("row").nth(1).getByRole("cell").first();
  await expect(newestCell).toHaveText(/\d{1,2} \w{3,4} \d{4}/);
  const newest = (await newestCell.textContent()) ?? "";

  // Sync now: an incremental sync finishes too (nothing new to add).
  await page.getByRole("button", { name: "Sync now" }).click();
  await expect(progress).toHaveAttribute("aria-valuetext", /^Synced\. .* 0 added/, { timeout: 60_000 });
  await expect(status).toContainText("scroll for more");

  // Scroll to the end: the next page loads.
  const scroller = page.getByLabel("Transactions, scrollable");
  await expect(async () => {
    await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    expect(await loadedCount(status)).toBeGreaterThan(firstPage);
  }).toPass({ timeout: 15_000 });
  const scrolled = await loadedCount(status);

  // Narrow to booked transactions since the start of last month: fewer rows, and no more pages.
  const from = startOfPreviousMonth(newest);
  // The answer to both filters: the list shows the first filter's answer ("· all that match" too)
  // until the second one's request is sent, then "Loading…" until it comes back.
  const bothAnswered = page.waitForResponse((response) => {
    const asked = new URL(response.url()).searchParams;
    return asked.get("filter[fromDate]") === from && asked.get("filter[status]") === "booked";
  });
  await page.getByLabel("From", { exact: true }).fill(from);
  await page.getByLabel("Status", { exact: true }).selectOption("booked");
  // Both filters applied (they live in the URL), then their answer: not the first filter's alone.
  await expect(page).toHaveURL(new RegExp(`fromDate=${from}.*status=booked|status=booked.*fromDate=${from}`));
  expect((await bothAnswered).status()).toBe(200);
  await expect(status).toContainText(/transactions? loaded · all that match/);
  const narrowed = await loadedCount(status);
  expect(narrowed).toBeGreaterThan(0);
  expect(narrowed).toBeLessThan(scrolled);
  await expect(table.getByText("Pending", { exact: true })).toHaveCount(0);

  // Clearing the filters brings back every row loaded before (cached), not just a first page.
  await page.getByRole("button", { name: "Clear filters" }).first().click();
  await expect(status).not.toContainText("all that match");
  expect(await loadedCount(status)).toBeGreaterThanOrEqual(scrolled);

  // Re-bind one transaction to another counterpart from its detail; it is marked as bound by hand.
  await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
  await table.getByRole("row").nth(1).getByRole("button").first().click();
  const detail = page.getByRole("dialog").first();
  await detail.getByRole("button", { name: "Change counterpart" }).click();
  const dialog = page.getByRole("dialog", { name: "Counterpart of this transaction" });
  await expect(dialog).toBeVisible();
  const select = dialog.getByLabel("Counts under");
  // The choices load after the dialog opens (the current one is shown at once): wait for others.
  await expect.poll(() => select.locator("option").count()).toBeGreaterThan(1);
  const chosenBefore = await select.inputValue();
  const other = await select
    .locator("option")
    .evaluateAll(
      (opts, before) => (opts as HTMLOptionElement[]).map((o) => o.value).find((v) => v !== "" && v !== before),
      chosenBefore,
    );
  expect(other).toBeTruthy();
  await select.selectOption(other ?? "");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(detail.getByText("bound by hand")).toBeVisible();
});
