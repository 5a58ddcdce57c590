// Issue 35, Deliver 5 and 6 in the browser: the sandbox bank's company user `bob.company` after its
// first sync; its counterpart Arval Service Lease → "Who is this?" → the registers' candidates →
// choose the French one → the page shows the company's status, officers, owners and key figures,
// each with the provider that gave it; then the data registry's Providers panel and a profile's
// preview. Screenshots at 1280 px and 390 px (docs/screenshots/README.md).
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./alice";
import { connectInBrowser, signUp } from "./helpers";
import { runEnded, trackAccount } from "./support/connect";
import { dataOf } from "./support/envelope";

const SHOTS = process.env.UX_SHOTS_DIR ?? "/tmp/ux-shots";
const SUBSETS = ["information", "officers", "shareholders", "financials"];

/** The registers the profile asks, in order: the ones this server has, the sandbox registry last. */
async function providerOrder(page: Page, headers: Record<string, string>): Promise<string[]> {
  const wanted = ["fr_recherche_entreprises", "gleif", "sandbox_registry"];
  const res = await page.request.get("/api/datasets/v1/providers", { headers });
  const known = (await dataOf<{ id: string }[]>(res)).map((p) => p.id);
  return wanted.filter((id) => known.includes(id));
}

/** bob.company connected and its main account synced; a global default profile of the four subsets. */
async function companyUser(page: Page) {
  const { connection, headers } = await connectInBrowser(page, "bob.company");
  const { account } = await trackAccount(page.request, headers, connection, "company");
  expect((await runEnded(page.request, headers, account.id)).state).toBe("succeeded");
  const profile = await page.request.post("/api/datasets/v1/profiles", {
    headers,
    data: {
      name: "Suppliers",
      scope: "global",
      subset_selection: SUBSETS,
      provider_priorities: await providerOrder(page, headers),
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
  const french = candidates.filter({ hasText: /Arval Service Lease/i }).filter({ hasText: /FR \d/ });
  await expect(french.first()).toBeVisible();
  await french
    .first()
    .getByRole("button", { name: /^Choose / })
    .click();

  // Bound: the company section with each subset and who gave it.
  const company = page.getByTestId("counterpart-company");
  await expect(company.getByRole("heading", { name: /^Company: / })).toBeVisible();
  for (const title of ["Status and identity", "Officers", "Owners", "Key figures"]) {
    const part = company.getByRole("region", { name: title });
    await expect(part, title).toBeVisible();
    await expect(part.getByTestId("provenance"), title).toContainText(/^From \S/);
  }
  await expect(company.getByRole("region", { name: "Officers" }).getByRole("listitem").first()).toBeVisible();
  await expect(company.getByRole("region", { name: "Owners" }).getByRole("listitem").first()).toBeVisible();
  // Money comes as the source gave it; a figure it does not give says so, never 0.
  await expect(company.getByRole("region", { name: "Key figures" })).toContainText(/Revenue\s*€[\d,]+/);
  await expectAccessible(page, "counterpart company");
  await page.screenshot({ path: `${SHOTS}/counterpart-company-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(company.getByRole("region", { name: "Officers" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/counterpart-company-390.png`, fullPage: true });

  // The data registry: every provider with what it serves, and a preview of the profile for FR.
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto("/datasets");
  const providers = page.getByTestId("providers-panel");
  await expect(providers.getByTestId("provider-item").filter({ hasText: "Sandbox company registry" })).toContainText(
    "information",
  );
  await providers.getByLabel("Country").fill("FR");
  await providers.getByRole("button", { name: "Preview" }).click();
  const preview = providers.getByRole("list", { name: "Who answers each subset in FR" });
  for (const subset of SUBSETS) await expect(preview.locator(`[data-subset="${subset}"]`)).toBeVisible();
  await expectAccessible(page, "providers panel");
  await providers.screenshot({ path: `${SHOTS}/providers-panel.png` });
});
