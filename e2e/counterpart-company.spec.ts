// Issue 35, Deliver 5 and 6 in the browser: the sandbox bank's company user `bob.company` after its
// first sync; its counterpart Arval Service Lease → "Who is this?" → the registers' candidates →
// choose the French one → the page shows the company's status, officers, owners and key figures,
// each with the provider that gave it; then the data registry's Providers panel and a profile's
// preview. Screenshots at 1280 px and 390 px (docs/screenshots/README.md).
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./alice";
import { connectWithSession, signUp } from "./helpers";
import { runEnded, trackAccount } from "./support/connect";
import { dataOf } from "./support/envelope";
import { uxShot } from "./support/ux-shots";

const SUBSETS = ["information", "officers", "shareholders", "financials"];

const FRANCE = "Recherche d'entreprises (France, INSEE Sirene and RNE)";
const GLEIF = "GLEIF (Legal Entity Identifier index)";
/** France's register first (its fake in the banks), GLEIF for the parents, the sandbox registry last. */
const ORDER = ["fr_recherche_entreprises", "gleif", "sandbox_registry"];

/** bob.company connected and its main account synced; a global default profile of the four subsets. */
async function companyUser(page: Page) {
  const { connection, headers } = await connectWithSession(page, "bob.company");
  const { account } = await trackAccount(page.request, headers, connection, "company");
  expect((await runEnded(page.request, headers, account.id)).state).toBe("succeeded");
  const profile = await page.request.post("/api/datasets/v1/profiles", {
    headers,
    data: {
      name: "Suppliers",
      scope: "global",
      subset_selection: SUBSETS,
      provider_priorities: ORDER,
      is_default: true,
    },
  });
  expect(profile.status(), await profile.text()).toBe(201);
  const found = await page.request.get("/api/accounttracking/v1/counterparts/activity", {
    headers,
    params: { q: "Arval" },
  });
  const [arval] = await dataOf<{ id: string; displayName: string }[]>(found);
  expect(arval.displayName).toBe("Arval Service Lease");
  return { headers, counterpartId: arval.id };
}

test("a counterpart meets its company: Who is this?, choose, then its data with provenance; the providers panel", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signUp(page, "Counterpart company");
  const { counterpartId } = await companyUser(page);

  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto(`/counterparts/${counterpartId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Arval Service Lease" })).toBeVisible();
  await page.getByRole("button", { name: "Who is this?" }).click();

  // The search starts from the counterpart's name and its IBAN's country (FR).
  const panel = page.getByTestId("who-is-this");
  await expect(panel.getByLabel("Company name")).toHaveValue("Arval Service Lease");
  await expect(panel.getByLabel("Country")).toHaveValue("FR");
  const candidates = panel.getByTestId("company-candidate");
  await expect(candidates.first()).toBeVisible();
  await expectAccessible(page, "who is this");
  // France's register found it under its SIREN (GLEIF's record of the same number is the same candidate).
  const french = candidates.filter({ hasText: /FR 352 ?256 ?424/ });
  await expect(french).toHaveCount(1);
  await expect(french).toContainText(`Found by ${FRANCE}`);
  await french.getByRole("button", { name: /^Choose / }).click();

  // Bound: the company section with each subset and who gave it.
  const company = page.getByTestId("counterpart-company");
  await expect(company.getByRole("heading", { name: /^Company: / })).toBeVisible();
  for (const title of ["Status and identity", "Officers", "Owners", "Key figures"]) {
    const part = company.getByRole("region", { name: title });
    await expect(part, title).toBeVisible();
    await expect(part.getByTestId("provenance"), title).toContainText(/^From \S/);
  }
  const region = (name: string) => company.getByRole("region", { name });
  await expect(region("Status and identity").getByTestId("provenance")).toContainText(`From ${FRANCE}`);
  await expect(region("Status and identity").getByRole("link", { name: /^source record/ })).toBeVisible();
  await expect(region("Officers").getByRole("listitem").first()).toBeVisible();
  await expect(region("Officers").getByTestId("provenance")).toContainText(`From ${FRANCE}`);
  // The owner is GLEIF's parent (direct and ultimate, listed once).
  await expect(region("Owners")).toContainText(/BNP Paribas \(company, direct parent\)/i);
  await expect(region("Owners").getByTestId("provenance")).toContainText(`From ${GLEIF}`);
  // Money as the source gave it; a figure it does not give says so, never 0.
  await expect(region("Key figures")).toContainText(/Revenue\s*€[\d,]+/);
  await expect(region("Key figures")).toContainText(`not given by ${FRANCE}`);
  await expectAccessible(page, "counterpart company");
  await uxShot(page, "counterpart-company-1280", { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(company.getByRole("region", { name: "Officers" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await uxShot(page, "counterpart-company-390", { fullPage: true });

  // The data registry: every provider with what it serves, and a preview of the profile for FR.
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto("/datasets");
  const providers = page.getByTestId("providers-panel");
  const france = providers.getByTestId("provider-item").filter({ hasText: FRANCE });
  await expect(france).toContainText("FR");
  // The lookup just asked it: its health counts the calls served.
  await expect(france.getByTestId("provider-health")).toContainText(/Last 24 h: [1-9]\d* served/);
  await providers.getByLabel("Country").fill("FR");
  await providers.getByRole("button", { name: "Preview" }).click();
  const preview = providers.getByRole("list", { name: "Who answers each subset in FR" });
  for (const subset of ["information", "officers", "financials"])
    await expect(preview.locator(`[data-subset="${subset}"]`)).toContainText(`: ${FRANCE}`);
  await expect(preview.locator('[data-subset="shareholders"]')).toContainText(`: ${GLEIF}`);
  await expectAccessible(page, "providers panel");
  await uxShot(providers, "providers-panel");
});
