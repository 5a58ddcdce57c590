// In the browser: a new person signs up, builds a dataset profile (subsets, provider order by drag
// and drop and by keyboard), makes it the organisation-wide default, and runs a company lookup
// that follows it. The profile keeps the sandbox registry first, so no lookup reaches the internet.
import { expect, test } from "@playwright/test";
import { signUpOnPage } from "./helpers";

const SANDBOX = "Sandbox company registry";
const GLEIF = "GLEIF (Legal Entity Identifier index)";

test("a profile made default governs the company lookup", async ({ page }) => {
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const profileName = `Onboarding check ${stamp}`;

  await signUpOnPage(page, "Registry Tester");

  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Data registry" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Data registry" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Subset types of Company data" })).toContainText(
    "Shareholders and ownership",
  );
  await page.getByRole("link", { name: "New profile" }).first().click();

  await page.getByLabel("Profile name").fill(profileName);
  await page.getByRole("checkbox", { name: /Company information/ }).check();
  await page.getByRole("checkbox", { name: /Credit rating/ }).check();

  const rows = page.getByTestId("provider-priority").locator("li");
  await expect(rows.nth(0)).toHaveAttribute("data-provider", "sandbox_registry");
  // Drag GLEIF above the sandbox…
  await rows.nth(1).dragTo(rows.nth(0));
  await expect(rows.nth(0)).toHaveAttribute("data-provider", "gleif");
  // …and move it back down with the keyboard-accessible button.
  const down = page.getByRole("button", { name: `Move ${GLEIF} down` });
  await down.focus();
  await page.keyboard.press("Enter");
  await expect(rows.nth(0)).toHaveAttribute("data-provider", "sandbox_registry");
  await expect(rows.nth(1)).toHaveAttribute("data-provider", "gleif");

  await page.getByRole("checkbox", { name: "Make this the default profile" }).check();
  await expect(page.getByText("changes lookups organisation-wide")).toBeVisible();
  await page.getByRole("button", { name: "Create profile" }).click();

  await page.waitForURL("**/datasets");
  const row = page.getByRole("table", { name: "Dataset profiles" }).getByRole("row").filter({ hasText: profileName });
  await expect(row).toContainText("Default");
  await expect(row).toContainText("Sandbox registry → GLEIF");

  await nav.getByRole("link", { name: "Company lookup" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Company lookup" })).toBeVisible();
  await page.getByLabel("Country").selectOption("BE");
  await page.getByLabel("Registration number").fill("0403.170.701");
  await page.getByRole("button", { name: "Look up" }).click();

  await expect(page.getByTestId("applied-profile")).toHaveText(profileName);
  await expect(page.getByTestId("lookup-result")).toContainText("organisation-wide default");
  for (const subset of ["Company information", "Credit rating"]) {
    const section = page.getByRole("region", { name: subset });
    await expect(section.getByTestId("served-by")).toHaveText(`Served by ${SANDBOX}`);
  }
  await expect(page.getByRole("region", { name: "Company information" })).toContainText(
    "Kruispuntbank van Ondernemingen",
  );
  // Financials and shareholders were not selected, so the lookup did not fetch them.
  await expect(page.locator("[data-subset]")).toHaveCount(2);

  await nav.getByRole("link", { name: "Data registry" }).click();
  await expect(row.getByRole("cell").nth(4)).toHaveText("1");
});
