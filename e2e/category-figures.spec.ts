// Money by category as a person reads it: the dashboard's spending chart (its exact table for
// screen readers), and "By category" on the Transactions page, whose figures open the list of that
// category and month. Alice's rows have no category yet (no rule or person set one), so they are all
// "Uncategorised".
import { expect, test } from "@playwright/test";
import { connectAlice, expectAccessible } from "./alice";
import { signUp } from "./helpers";

test("the dashboard charts spending by category; By category links each figure to its month's list", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUp(page, "Alice");
  await connectAlice(page);

  await test.step("the dashboard's chart has a table of the same figures", async () => {
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Spending by category" })).toBeVisible();
    const figures = page.getByRole("table", { name: /^Money out per month by category, in EUR/ });
    await expect(figures.getByRole("rowheader", { name: "Uncategorised" })).toHaveCount(1);
  });

  await test.step("By category: one row per category, each figure a link to that month's list", async () => {
    await page.getByRole("link", { name: "All categories" }).click();
    await page.waitForURL("**/transactions?view=categories");
    await expect(page.getByRole("link", { name: "By category" })).toHaveAttribute("aria-current", "page");
    const table = page.getByRole("region", { name: "By category in EUR" }).getByRole("table");
    const row = table.getByRole("row", { name: /^Uncategorised/ });
    await expect(row).toBeVisible();
    await expectAccessible(page, "transactions by category");
    const figure = row.getByRole("link").last();
    await figure.click();
    await page.waitForURL(/\/transactions\?category=none&fromDate=\d{4}-\d{2}-01&toDate=\d{4}-\d{2}-\d{2}$/);
    const from = new URL(page.url()).searchParams.get("fromDate") ?? "";
    await expect(page.getByLabel("From", { exact: true })).toHaveValue(from);
    await expect(page.getByRole("table", { name: "Transactions" }).getByRole("row").nth(1)).toBeVisible();
  });
});
