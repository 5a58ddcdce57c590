// Categories as a person meets them, on alice's accounts: categorise a transaction the default rules
// left without one (as Other, which no default rule files under) in its detail
// (the row then shows it), find it with the Category filter on the all-accounts list, and rename the
// category in Settings → Categories (the row shows the new name), keyboard only there; the settings
// page passes axe and fits a phone.
import { expect, test } from "@playwright/test";
import { connectAlice, expectAccessible } from "./alice";
import { signUp } from "./helpers";

test("categorise a transaction, filter by category, rename the category in settings", async ({ page }) => {
  test.setTimeout(300_000);
  await signUp(page, "Alice");
  const alice = await connectAlice(page);
  const table = page.getByRole("table", { name: "Transactions" });
  let transactionId = "";

  await test.step("a transaction's detail sets its category; the row shows it", async () => {
    await page.goto(`/accounts/${alice.currentId}`);
    // The first row the default rules left without a category (they file most of alice's rows).
    const row = table
      .locator("[data-transaction-id]")
      .filter({ hasNot: page.getByTestId("category-pill") })
      .first();
    transactionId = (await row.getAttribute("data-transaction-id")) ?? "";
    expect(transactionId).not.toBe("");
    await row.getByRole("button").click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText("Not categorised yet.")).toBeVisible();
    await dialog.getByLabel("Category").selectOption({ label: "Other" });
    await dialog.getByRole("button", { name: "Save category" }).click();
    await expect(dialog.getByRole("status").filter({ hasText: "Saved: Other." })).toBeVisible();
    await expect(dialog.getByText(/^Chosen by a person/)).toBeVisible();
    await expectAccessible(page, "transaction detail with its category");
    await page.keyboard.press("Escape");
    await expect(page.locator(`[data-transaction-id="${transactionId}"]`).getByTestId("category-pill")).toHaveText(
      /Other/,
    );
  });

  await test.step("the Category filter on the all-accounts list finds it, and survives a reload", async () => {
    await page.goto("/transactions");
    await expect(table.getByRole("row").nth(1)).toBeVisible();
    await page.getByLabel("Category").selectOption({ label: "Other" });
    await expect(page).toHaveURL(/category=[0-9a-f-]{36}/);
    const rows = table.locator("[data-transaction-id]");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute("data-transaction-id", transactionId);
    await page.reload();
    await expect(table.locator("[data-transaction-id]")).toHaveCount(1);
    await page.getByLabel("Category").selectOption({ label: "No category" });
    await expect(page).toHaveURL(/category=none/);
    await expect(table.locator(`[data-transaction-id="${transactionId}"]`)).toHaveCount(0);
    await expect(table.locator("[data-transaction-id]").first()).toBeVisible();
  });

  await test.step("Settings → Categories renames it with the keyboard; the row shows the new name", async () => {
    await page.goto("/settings/categories");
    // By its name alone: other rows name it too, among the places they can move under.
    const rowNamed = (name: string) =>
      page.getByTestId("category-row").filter({ has: page.getByText(name, { exact: true }) });
    const item = rowNamed("Other");
    await expect(item).toContainText("1 transaction");
    await expectAccessible(page, "settings categories");
    await item.getByRole("button", { name: "Rename Other" }).focus();
    await page.keyboard.press("Enter");
    const field = page.getByLabel("New name for Other");
    await expect(field).toBeFocused();
    await field.fill("SaaS");
    await page.keyboard.press("Enter");
    await expect(rowNamed("SaaS")).toContainText("1 transaction");
    await page.goto(`/accounts/${alice.currentId}`);
    await expect(page.locator(`[data-transaction-id="${transactionId}"]`).getByTestId("category-pill")).toHaveText(
      /SaaS/,
    );
  });

  await test.step("on a phone the settings page needs no sideways scrolling", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/settings/categories");
    await expect(page.getByTestId("category-row").first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
