// In the browser: a new person signs up, creates an API key in Settings → API keys, and the secret
// shown once works as a Bearer token for their workspace.
import { expect, test } from "@playwright/test";
import { signUpOnPage } from "./helpers";

test("a new person creates an API key in the browser and it works as a Bearer token", async ({ page, request }) => {
  const keyName = `CI key ${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

  const { name } = await signUpOnPage(page, "E2E Tester");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, E2E" })).toBeVisible();
  const scopeSwitcher = page.getByRole("combobox", { name: "Scope", exact: true });
  await expect(scopeSwitcher.locator("option:checked")).toHaveText(`${name}'s workspace`);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API keys" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();

  await page.getByLabel("Key name").fill(keyName);
  await page.getByLabel("Kind").selectOption("api_key");
  await page.getByLabel("Role").selectOption("viewer");
  await page.getByRole("button", { name: "Create API key" }).click();

  const secretBox = page.getByTestId("new-token-secret");
  await expect(secretBox).toBeVisible();
  await expect(page.getByText("You won't see it again.")).toBeVisible();
  const secret = (await secretBox.textContent())?.trim() ?? "";
  expect(secret).toMatch(/^ll_key_\S+$/);

  // The key is listed (by name, active), without its secret.
  const row = page.getByRole("table", { name: "API keys" }).getByRole("row").filter({ hasText: keyName });
  await expect(row).toBeVisible();
  await expect(row.getByText("active")).toBeVisible();
  await expect(page.getByRole("table", { name: "API keys" })).not.toContainText(secret);

  // The secret is a working Bearer token bound to the new workspace.
  const scopes = await request.get("/api/scopes/v1", { headers: { authorization: `Bearer ${secret}` } });
  expect(scopes.status()).toBe(200);
  const body = (await scopes.json()) as { data: { name: string; role: string }[] };
  expect(body.data[0].name).toBe(`${name}'s workspace`);
  expect(body.data[0].role).toBe("viewer");
});
