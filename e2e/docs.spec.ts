// The public API reference renders from the OpenAPI document and lists the account-tracking operations.
import { expect, test } from "@playwright/test";

test("/docs renders the reference and the machine-caller quick start without signing in", async ({ page }) => {
  await page.goto("/docs");
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Quick start for machine callers" })).toBeVisible();
  await expect(page.getByText("Settings → API keys").first()).toBeVisible();
  // The introduction is the document's Markdown rendered: emphasis and code, no raw ** or back-ticks.
  await expect(page.locator("header strong", { hasText: "Limits and hostile input." })).toBeVisible();
  await expect(page.locator("header")).not.toContainText("**");

  const tracking = page.getByRole("region", { name: "Account tracking", exact: true });
  await expect(
    tracking.getByTestId("operation").filter({ hasText: "POST /api/accounttracking/v1/consents" }).first(),
  ).toBeVisible();
  const accounts = page.getByRole("region", { name: "Tracked accounts" });
  // The list itself, not its /totals, .csv and /changes siblings.
  const transactions = accounts
    .getByTestId("operation")
    .filter({ hasText: "GET /api/accounttracking/v1/accounts/{id}/transactions" })
    .filter({ hasNotText: "/transactions/totals" })
    .filter({ hasNotText: "/transactions.csv" })
    .filter({ hasNotText: "/transactions/changes" });
  await expect(transactions).toHaveCount(1);
  await expect(
    accounts.getByTestId("operation").filter({ hasText: "/api/accounttracking/v1/accounts/{id}/sync-status" }),
  ).toHaveCount(1);

  // Open one operation: parameters (incl. filter[...] and X-Scope), the envelope and the error codes.
  await transactions.locator("summary").click();
  await expect(transactions.getByRole("cell", { name: "filter[fromDate]" })).toBeVisible();
  await expect(transactions.getByRole("cell", { name: /^X-Scope/ })).toBeVisible();
  await expect(transactions.getByText("nextCursor").first()).toBeVisible();
  await expect(transactions.getByRole("list", { name: "Errors" })).toContainText("validation_failed");
  await expect(transactions.getByRole("list", { name: "Errors" })).toContainText("rate_limited");
});

test("/docs holds the operations' summaries; an operation's details load when it is opened, and say so when they cannot", async ({
  page,
}) => {
  await page.route("**/api/openapi.json", (route) => route.abort());
  await page.goto("/docs");
  const operations = page.getByTestId("operation");
  expect(await operations.count()).toBeGreaterThan(100);
  // Every operation's details rendered on the server made 26,658 elements; the summaries alone are ~1,100.
  expect(await page.locator("body *").count()).toBeLessThan(3_000);
  const sync = operations.filter({ hasText: "/api/accounttracking/v1/accounts/{id}/sync-status" }).first();
  await expect(sync.getByRole("table")).toHaveCount(0);
  await sync.locator("summary").click();
  await expect(sync.getByRole("alert")).toContainText("could not be loaded");
  await expect(sync.getByRole("alert")).toContainText("Reload the page");
});

test("an unknown URL gets a page of ours with a way back", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "This page does not exist" })).toBeVisible();
  await expect(page.getByRole("main")).toBeVisible();
  await page.getByRole("link", { name: "Go to the dashboard" }).click();
  await page.waitForURL(/\/(dashboard|signin)/);
});
