// axe-core on every page and the main dialogs, in the states a person meets them: signed out (with
// form errors), connecting a bank (the sandbox bank's own pages too), choosing accounts, an account
// and its counterparts (with the family panel and a rename open), the registry and company lookup
// (an invalid number, a result), settings (a new API key's secret), the docs, the Revoke dialog,
// accounts whose access ended, and a declined connection. Serious or critical findings fail it.
import { expect, test, type Page } from "@playwright/test";
import { connectAlice } from "./alice";
import { AxeAudit } from "./axe";
import { atSandboxBank, defaultProfile, pageScope, signUp, startConnection } from "./helpers";
import { uxShot } from "./support/ux-shots";

/** Phone states kept as screenshots when UX_SHOTS_DIR is set. */
const SHOT_STATES = ["accounts", "bank connections", "account", "counterparts", "transactions"];

async function settle(page: Page, path?: string) {
  if (path) await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  // Loading placeholders gone, so the audit sees the page's real content.
  await expect(page.getByRole("status", { name: /^Loading/ })).toHaveCount(0);
  // A client navigation streams the new page's <title> after its content: wait for it, so axe does
  // not audit the moment between the old title going and the new one arriving (a page that never
  // gets one still fails, here or in axe's document-title rule).
  await expect(page).toHaveTitle(/\S/);
}

test("the audit can fail: planted violations are each reported, and a page with a frame is refused", async ({
  page,
}) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>Planted</title></head><body><main>
    <h1>Planted</h1>
    <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
    <button></button>
    <input type="text">
    <p style="color:#bbb;background:#fff">Grey on white</p>
  </main></body></html>`);
  const audit = new AxeAudit();
  await audit.check(page, "planted");
  expect(audit.findings.map((f) => f.rule).sort()).toEqual(["button-name", "color-contrast", "image-alt", "label"]);
  await page.setContent(`<!doctype html><html lang="en"><head><title>Framed</title></head><body><main>
    <h1>Framed</h1><iframe title="inside" srcdoc="<p>inside</p>"></iframe></main></body></html>`);
  await expect(audit.check(page, "framed")).rejects.toThrow(/frames axe would not audit/);
});

test("every page and main dialog: no serious or critical axe violations", async ({ page }) => {
  test.setTimeout(600_000);
  const audit = new AxeAudit();

  // Signed out, and with the forms' own error messages showing.
  await settle(page, "/signin");
  await audit.check(page, "sign in");
  await page.getByLabel("Email").fill("nobody@example.test");
  await page.getByLabel("Password").fill("wrong password 123");
  await page.getByRole("button", { name: "Sign in" }).click();
  // Next's route announcer is an (empty) alert too: the refusal is the one with words.
  await expect(page.getByRole("alert").filter({ hasText: /do not match/ })).toBeVisible();
  await audit.check(page, "sign in, refused");
  await settle(page, "/signup");
  await page.getByRole("button", { name: "Create account" }).click();
  await audit.check(page, "sign up, with field errors");

  await signUp(page, "Axe");
  await settle(page);
  await audit.check(page, "dashboard, nothing connected");

  // Connect alice's bank: the wizard, the bank's login and approval pages, then the choice of accounts.
  const bankName = await startConnection(page);
  await page.waitForURL(/\/sandbox-bank\//);
  await audit.check(page, "sandbox bank login");
  await page.getByLabel("User ID").fill("alice");
  await page.getByLabel("Password").fill("any password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("button", { name: "Approve" })).toBeVisible();
  await audit.check(page, "sandbox bank approval");
  await page.getByRole("button", { name: "Approve" }).click();
  await page.waitForURL(/\/connect\/result\?/);
  await expect(page.getByRole("button", { name: "Track 2 accounts" })).toBeEnabled();
  await audit.check(page, "back from the bank, choosing accounts");
  await page.getByRole("button", { name: "Track 2 accounts" }).click();
  await page.waitForURL(/\/accounts$/);
  await settle(page);
  await audit.check(page, "accounts");

  // One account, its counterparts (family panel and rename open), one counterpart.
  await page.getByRole("table", { name: "Tracked accounts" }).getByRole("link").first().click();
  await page.waitForURL(/\/accounts\/[0-9a-f-]{36}$/);
  const accountPath = new URL(page.url()).pathname;
  await settle(page);
  await audit.check(page, "account");
  // Its housekeeping menu (Stop tracking, Hide), closed again with Escape.
  await page.getByRole("button", { name: /^Manage / }).click();
  await audit.check(page, "account, Manage menu open");
  await page.keyboard.press("Escape");
  await settle(page, `${accountPath}/counterparts`);
  const rows = page.getByTestId("counterpart-row");
  await expect(rows.first()).toBeVisible({ timeout: 60_000 });
  await audit.check(page, "counterparts");
  await rows
    .first()
    .getByRole("button", { name: /^Family & client of / })
    .click();
  await expect(page.getByRole("list", { name: "Family tree" })).toBeVisible();
  await audit.check(page, "counterparts, family and client open");
  await rows
    .first()
    .getByRole("button", { name: /^Rename / })
    .click();
  await audit.check(page, "counterparts, renaming");
  await page.keyboard.press("Escape");
  await rows
    .first()
    .getByRole("link", { name: /^Details of / })
    .click();
  await page.waitForURL(/\/counterparts\//);
  await settle(page);
  await audit.check(page, "counterpart");
  // The workspace's counterparts, from the navigation.
  await settle(page, "/counterparts");
  await expect(page.getByTestId("scope-counterpart-row").first()).toBeVisible();
  await audit.check(page, "all counterparts");

  // Bank connections, one connection, and the Revoke dialog.
  await settle(page, "/consents");
  await audit.check(page, "bank connections");
  await page.getByRole("table", { name: "Bank connections" }).getByRole("link", { name: bankName }).click();
  await page.waitForURL(/\/consents\/[^/]+$/);
  await settle(page);
  await audit.check(page, "bank connection");
  await settle(page, "/consents");
  await page.getByRole("button", { name: `Revoke access to ${bankName}` }).click();
  const dialog = page.getByRole("dialog", { name: `Revoke access to ${bankName}?` });
  await expect(dialog).toContainText("2 tracked accounts");
  await audit.check(page, "revoke dialog");

  // Revoked: the accounts say "Access ended", with Reconnect.
  await dialog.getByRole("button", { name: "Revoke access" }).click();
  await expect(dialog).toBeHidden();
  await settle(page, "/accounts");
  await expect(page.getByRole("heading", { name: `Access ended: ${bankName}` })).toBeVisible();
  await audit.check(page, "accounts, access ended");
  await settle(page, accountPath);
  await expect(page.getByRole("status").filter({ hasText: "Access ended" })).toBeVisible();
  await audit.check(page, "account, access ended");

  // Reconnect: approve again at the bank; the same two accounts continue (nothing to track again).
  await page.getByRole("button", { name: `Reconnect ${bankName}` }).click();
  await atSandboxBank(page, "alice", "Approve");
  await page.waitForURL(/\/connect\/result\?/);
  await expect(
    page.getByRole("heading", { name: `${bankName}: access renewed — your 2 accounts continue` }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: /^Track / })).toHaveCount(0);
  await audit.check(page, "back from the bank, renewed");
  await settle(page, "/accounts");
  await expect(page.getByText("Access ended")).toHaveCount(0);

  // Clients, the registry, company lookup (an invalid number, then a company).
  await settle(page, "/clients");
  await page.getByRole("button", { name: "New client" }).click();
  await page.getByRole("button", { name: "Add client" }).click();
  await audit.check(page, "clients, new client with errors");
  for (const path of ["/datasets", "/datasets/profiles/new"]) {
    await settle(page, path);
    await audit.check(page, path);
  }
  // A default profile for lookups to apply.
  await settle(page, `/datasets/profiles/${await defaultProfile(page, "Axe default", ["information", "financials"])}`);
  await audit.check(page, "dataset profile");
  await settle(page, "/companies/lookup");
  await audit.check(page, "company lookup");
  await page.getByLabel("Registration number").fill("0403.170.702");
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.getByText("0403.170.702 is not a valid Belgian enterprise number")).toBeVisible();
  await audit.check(page, "company lookup, invalid number");
  await page.getByLabel("Registration number").fill("0403.170.701");
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.getByTestId("lookup-result")).toBeVisible();
  await audit.check(page, "company lookup, result");

  // Settings (with a new API key's secret showing), and the API docs.
  for (const path of ["/settings/tokens", "/settings/members", "/settings/api-keys"]) {
    await settle(page, path);
    await audit.check(page, path);
  }
  await page.getByLabel("Key name").fill("Axe key");
  await page.getByRole("button", { name: "Create API key" }).click();
  await expect(page.getByText(/ll_key_/).first()).toBeVisible();
  await audit.check(page, "api keys, new secret");
  // The audit trail: the walk above left rows (a consent, an account, a key, …).
  await settle(page, "/settings/audit");
  await expect(page.getByRole("list", { name: "Audit events, newest first" })).toBeVisible();
  await audit.check(page, "audit trail");
  // Webhooks (none yet in this scope).
  await settle(page, "/settings/webhooks");
  await audit.check(page, "webhooks");
  await settle(page, "/docs");
  await audit.check(page, "docs");
  // An operation opened: its details are fetched and rendered then (components/docs/operation-card.tsx).
  const operation = page.getByTestId("operation").filter({ hasText: "POST /api/accounttracking/v1/consents" }).first();
  await operation.locator("summary").click();
  await expect(operation.getByRole("list", { name: "Errors" })).toBeVisible();
  await audit.check(page, "docs, an operation open");

  // A declined connection: the refusal page.
  await settle(page, "/dashboard");
  await startConnection(page);
  await atSandboxBank(page, "deny", "Deny");
  await page.waitForURL(/\/connect\/result\?/);
  await expect(page.getByRole("link", { name: "Try again" })).toBeVisible();
  await audit.check(page, "back from the bank, declined");

  expect(audit.states.length).toBeGreaterThanOrEqual(33);
  console.log(`axe: ${audit.states.length} page states audited`);
  expect(audit.findings, audit.report(audit.findings)).toEqual([]);
});

/**
 * How far the page scrolls sideways (0: not at all), and what sticks out past the right edge (the
 * deepest elements past it), so a failure says where to look.
 */
async function sidewaysScroll(page: Page): Promise<{ overflow: number; wide: string[] }> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const past = (el: Element | null) => el !== null && el.getBoundingClientRect().right > width + 1;
    // Where it escapes: elements past the edge whose parent is not (or clips them, scrolling inside itself).
    const wide = [...document.querySelectorAll("body *")]
      .filter(
        (el) => past(el) && (!past(el.parentElement) || getComputedStyle(el.parentElement!).overflowX === "visible"),
      )
      .filter((el) => !past(el.parentElement) || el.parentElement === document.body)
      .slice(0, 4)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 50)} → ${Math.round(el.getBoundingClientRect().right)}`,
      );
    return { overflow: Math.max(0, document.documentElement.scrollWidth - width), wide };
  });
}

test("on a 390 px phone, every signed-in page with data: no sideways scroll, a menu for the navigation, axe clean", async ({
  browser,
}) => {
  test.setTimeout(600_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const audit = new AxeAudit();
  const states: string[] = [];
  const sideways: string[] = [];
  const check = async (state: string) => {
    const { overflow, wide } = await sidewaysScroll(page);
    if (overflow > 0) sideways.push(`${state} scrolls ${overflow} px sideways:\n    ${wide.join("\n    ")}`);
    states.push(state);
    await audit.check(page, `phone: ${state}`);
  };

  await settle(page, "/signin");
  await check("sign in");
  await signUp(page, "Phone");
  const alice = await connectAlice(page);
  const { headers } = await pageScope(page);
  // Data on the other pages: a client, a default dataset profile, an API key.
  expect(
    (
      await page.request.post("/api/clients/v1", {
        headers,
        data: { type: "company", displayName: "Phone Client BV", countryCode: "BE" },
      })
    ).status(),
  ).toBe(201);
  const profileId = await defaultProfile(page, "Phone default");

  // The navigation is one button on a phone; it opens the list of pages, and a choice closes it.
  await settle(page, "/dashboard");
  const menu = page.getByRole("button", { name: "Menu" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Accounts" })).toBeHidden();
  await check("dashboard");
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await check("dashboard, menu open");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Accounts" }).click();
  await page.waitForURL(/\/accounts$/);
  await expect(menu).toHaveAttribute("aria-expanded", "false");

  const consents = await page.request.get("/api/accounttracking/v1/consents", { headers });
  const consentId = ((await consents.json()) as { data: { id: string }[] }).data[0].id;
  const counterparts = await page.request.get(`/api/accounttracking/v1/accounts/${alice.currentId}/counterparts`, {
    headers,
  });
  const counterpartId = ((await counterparts.json()) as { data: { id: string }[] }).data[0].id;
  const pages: [string, string][] = [
    ["accounts", "/accounts"],
    ["transactions", "/transactions"],
    ["your profile", "/settings/profile"],
    ["account", `/accounts/${alice.currentId}`],
    ["counterparts", `/accounts/${alice.currentId}/counterparts`],
    ["counterpart", `/counterparts/${counterpartId}`],
    ["all counterparts", "/counterparts"],
    ["bank connections", "/consents"],
    ["bank connection", `/consents/${consentId}`],
    ["connect", "/connect"],
    ["back from the bank", `/connect/result?consentId=${consentId}`],
    ["clients", "/clients"],
    ["data registry", "/datasets"],
    ["new profile", "/datasets/profiles/new"],
    ["profile", `/datasets/profiles/${profileId}`],
    ["company lookup", "/companies/lookup"],
    ["tokens", "/settings/tokens"],
    ["api keys", "/settings/api-keys"],
    ["members", "/settings/members"],
    ["audit trail", "/settings/audit"],
    ["webhooks", "/settings/webhooks"],
    ["docs", "/docs"],
    ["unknown page", "/no-such-page"],
  ];
  for (const [state, path] of pages) {
    await settle(page, path);
    await check(state);
    if (SHOT_STATES.includes(state)) await uxShot(page, `phone-${state.replace(/\W+/g, "-")}`, { fullPage: true });
  }

  // The dialogs: a transaction's detail, and the Revoke dialog.
  await settle(page, `/accounts/${alice.currentId}`);
  await page.getByRole("table", { name: "Transactions" }).getByRole("row").nth(1).getByRole("button").first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await check("transaction detail");
  await page.keyboard.press("Escape");
  await settle(page, "/consents");
  await page.getByRole("button", { name: /^Revoke access to / }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await check("revoke dialog");

  console.log(`phone pass: ${states.length} page states checked for sideways scroll and axe`);
  expect(sideways, sideways.join("\n")).toEqual([]);
  expect(audit.findings, audit.report(audit.findings)).toEqual([]);
  await context.close();
});
