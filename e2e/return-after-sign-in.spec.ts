// Sign-in returns a person to the page and query they asked for while signed out, and never to
// another site whatever `next` says.
import { expect, test } from "@playwright/test";
import { signUp } from "./helpers";

test("signed out, a page with its query → sign in → that page and query; a foreign next → the dashboard", async ({
  page,
  browser,
}) => {
  const person = await signUp(page, "Returning");
  const signedOut = await browser.newContext();
  const other = await signedOut.newPage();
  try {
    const signIn = async () => {
      await other.getByLabel("Email").fill(person.email);
      await other.getByLabel("Password").fill(person.password);
      await other.getByRole("button", { name: "Sign in" }).click();
    };
    await other.goto("/transactions?q=carrefour");
    await other.waitForURL(/\/signin\?next=/);
    expect(new URL(other.url()).searchParams.get("next")).toBe("/transactions?q=carrefour");
    await signIn();
    await other.waitForURL(/\/transactions\?q=carrefour$/);
    // (A person with no tracked account: the page says so, and its search is not shown yet.)
    await expect(other.getByRole("heading", { level: 1, name: "Transactions" })).toBeVisible();

    // Signed out with no page of the app open: an open page would answer its own 401 by going to sign in.
    const signOut = async () => {
      await other.goto("about:blank");
      await other.context().clearCookies();
    };
    await signOut();
    for (const next of ["//evil.example/", "/\\evil.example/", "https://evil.example/"]) {
      await other.goto(`/signin?next=${encodeURIComponent(next)}`);
      await signIn();
      await other.waitForURL(/\/dashboard$/);
      expect(new URL(other.url()).origin).toBe(new URL(page.url()).origin);
      await signOut();
    }
  } finally {
    await signedOut.close();
  }
});
