// The bank picker as a phone user in Germany meets it: the country from the browser's language,
// each bank's own logo (served by the sandbox banks, never fetched from the internet), a bank three
// other workspaces use under "Popular", the one just used under "Recently used", and a Continue
// that stays on screen at 390 px once a bank is picked.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { pageScope, signUp } from "./helpers";
import { banksUrl } from "./support/banks";

const BANK = "Scheldebank";

/** Another workspace that has started a connection at BANK (a consent there, through the API). */
async function connectsToBank(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUp(page, "Picker other");
  const { headers } = await pageScope(page);
  expect((await page.request.post("/api/accounttracking/v1/users", { headers })).status()).toBeLessThan(300);
  const banks = await page.request.get("/api/accounttracking/v1/banks?country=BE&integrationName=sandbox", { headers });
  const bankId = ((await banks.json()) as { data: { bankId: string; name: string }[] }).data.find(
    (b) => b.name === BANK,
  )!.bankId;
  const created = await page.request.post("/api/accounttracking/v1/consents", {
    headers,
    data: { integrationName: "sandbox", purpose: "account_access", expiryDays: 30, bankId },
  });
  expect(created.status()).toBe(201);
  await context.close();
}

const group = (page: Page, title: string) => page.locator(`[data-testid="bank-group"][data-title="${title}"]`);

test("the picker on a phone in Germany: locale country, logos, popular and recent banks, a sticky Continue", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  await connectsToBank(browser);
  await connectsToBank(browser);
  await connectsToBank(browser);

  const context = await browser.newContext({ locale: "de-DE", viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const logoHosts = new Set<string>();
  page.on("request", (r) => {
    if (r.resourceType() === "image") logoHosts.add(new URL(r.url()).origin);
  });
  await signUp(page, "Picker");
  await page.goto("/connect");
  // Not Belgium, the alphabet's first: the browser says Germany.
  await expect(page.getByLabel("Country")).toHaveValue("DE");
  await expect(page.getByRole("radio").first()).toBeVisible();

  await page.getByLabel("Country").selectOption("BE");
  const popular = group(page, "Popular");
  await expect(popular.getByRole("radio", { name: new RegExp(BANK) })).toBeVisible();
  // Each bank shows its own logo, with its size and a text alternative, loaded from the banks' origin.
  const logo = popular.getByRole("img", { name: `${BANK} logo` });
  await expect(logo).toHaveAttribute("width", "36");
  await expect(logo).toHaveAttribute("height", "36");
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect([...logoHosts].filter((o) => o !== new URL(page.url()).origin)).toEqual([new URL(banksUrl()).origin]);

  // Picked at the top of a long page on a phone: Continue is on screen without scrolling.
  await popular.getByRole("radio", { name: new RegExp(BANK) }).check();
  const go = page.getByRole("button", { name: `Continue to ${BANK}` });
  await expect(go).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 3));
  await expect(go).toBeInViewport();
  await go.click();
  await page.waitForURL(/\/sandbox-bank\//);

  // Back at the picker, the bank just used is the first choice, under "Recently used".
  await page.goto("/connect");
  await page.getByLabel("Country").selectOption("BE");
  const recent = group(page, "Recently used");
  await expect(recent.getByRole("radio")).toHaveCount(1);
  await expect(recent.getByRole("radio", { name: new RegExp(BANK) })).toBeVisible();
  await expect(group(page, "Popular").getByRole("radio", { name: new RegExp(BANK) })).toHaveCount(0);
  await context.close();
});
