// Credentials end together, on the built app as `npm start` runs it: a password changed in one
// browser signs the other browser out at its next request (page and API alike) while the changing
// browser stays signed in; a refresh token from a sign-in with the old password gets 401; a mailed
// reset link (sent through SMTP as in production) works once and ends every session, the changing
// browser's included.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { signUp } from "./helpers";
import { linkMailedTo } from "./support/mail";

const CHANGED = "a changed passphrase here";
const RESET = "a reset passphrase, long enough";

async function signInAt(page: Page, email: string, password: string) {
  await page.goto("/signin");
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL("**/dashboard");
}

async function errorCode(response: Awaited<ReturnType<APIRequestContext["get"]>>) {
  return ((await response.json()) as { error?: { code: string } }).error?.code;
}

test("a password change signs the other browser out at its next request; a reset link works once", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const first = await browser.newContext();
  const second = await browser.newContext();
  const third = await browser.newContext();
  try {
    const a = await first.newPage();
    const b = await second.newPage();
    const person = await signUp(a, "Credentials");
    await signInAt(b, person.email, person.password);
    const grant = await request.post("/api/auth/v1/token", {
      data: { grantType: "password", email: person.email, password: person.password },
    });
    expect(grant.status()).toBe(200);
    const { refreshToken } = ((await grant.json()) as { data: { refreshToken: string } }).data;

    // Browser A changes the password in Settings → Profile.
    await a.goto("/settings/profile");
    await a.getByLabel("Current password").fill(person.password);
    await a.getByLabel("New password", { exact: true }).fill(CHANGED);
    await a.getByLabel("New password again").fill(CHANGED);
    await a.getByRole("button", { name: "Change password" }).click();
    await expect(a.getByRole("main").getByRole("status")).toContainText("Your password is changed");

    // Browser B: its next API request and its next page are refused.
    const me = await b.request.get("/api/auth/v1/me");
    expect([me.status(), await errorCode(me)]).toEqual([401, "credentials_changed"]);
    await b.goto("/dashboard");
    await b.waitForURL(/\/signin/);

    // Browser A stays signed in; the old sign-in's refresh token is refused.
    expect((await a.request.get("/api/auth/v1/me")).status()).toBe(200);
    await a.goto("/dashboard");
    await expect(a).toHaveURL(/\/dashboard$/);
    const refreshed = await request.post("/api/auth/v1/token", {
      data: { grantType: "refresh_token", refreshToken },
    });
    expect([refreshed.status(), await errorCode(refreshed)]).toEqual([401, "credentials_changed"]);

    // Browser B forgot the new password: a reset link by mail (the server sends it through SMTP_URL,
    // to its sink: e2e/support/pooled-app.ts).
    await b.goto("/signin");
    await b.getByRole("link", { name: "Forgot your password?" }).click();
    await b.waitForURL(/\/reset-password/);
    // Typed once the page is live: a value typed before React hydrates the form is dropped.
    await b.waitForLoadState("networkidle");
    await b.getByLabel("Email").fill(person.email);
    await b.getByRole("button", { name: "Send the reset link" }).click();
    await expect(b.getByRole("status")).toContainText("If an account uses that email");
    const link = await linkMailedTo(person.email, /https?:\/\/\S+\/reset-password#ll_reset_\S+/);
    expect(link).toMatch(/\/reset-password#ll_reset_/);

    // Opened from the mail, as a page load of its own: from /reset-password itself, a link that
    // differs only after its # would change the fragment and load nothing.
    await b.goto("about:blank");
    await b.goto(link);
    await b.waitForLoadState("networkidle");
    await b.getByLabel("New password").fill(RESET);
    await b.getByRole("button", { name: "Set the new password" }).click();
    await expect(b.getByRole("status")).toContainText("Your password is set");

    // The reset ended browser A's session too; the new password signs in; the link is spent.
    const aMe = await a.request.get("/api/auth/v1/me");
    expect([aMe.status(), await errorCode(aMe)]).toEqual([401, "credentials_changed"]);
    await signInAt(b, person.email, RESET);
    // A third browser, never signed in, opens the spent link.
    const c = await third.newPage();
    await c.goto(link);
    await c.waitForLoadState("networkidle");
    await c.getByLabel("New password").fill("one more passphrase");
    await c.getByRole("button", { name: "Set the new password" }).click();
    await expect(c.getByText("already been used or has expired")).toBeVisible();
  } finally {
    for (const context of [first, second, third]) await context.close();
  }
});
