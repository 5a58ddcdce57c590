// The bell and the Notifications page, as a person uses them: the bell counts what is unread, its
// popover shows the notice, following the notice's link goes where it says and marks it read, and
// on the Notifications page "Mark read" moves a notice from Unread to Read. The notices are written
// straight into the server's database (as lib/notifications/notify.ts writes them): the producers
// that write them (a sync failing again and again, access ending) are covered by
// testing/integration/notifications, and a person cannot make a bank fail three times on demand.
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { expectAccessible } from "./alice";
import { signUp } from "./helpers";
import { openDatabase } from "./support/database";
import { dataOf } from "./support/envelope";
import { E2E_DATA_DIR } from "./support/topology";

/** Writes a notice as notify() would. A pool per call: tests of this file may share a worker or not. */
async function tell(scopeId: string, notice: { title: string; body: string; href: string }) {
  const db = openDatabase(E2E_DATA_DIR);
  try {
    await db.query(
      `INSERT INTO notifications (id, scope_id, kind, severity, title, body, href, dedupe_key)
       VALUES (gen_random_uuid(), $1, 'sync.failing', 'error', $2, $3, $4, $5)`,
      [scopeId, notice.title, notice.body, notice.href, `sync.failing:${randomUUID()}`],
    );
  } finally {
    await db.end();
  }
}

test("the bell shows a notification; following its link marks it read; Mark read on the page", async ({ page }) => {
  await signUp(page, "Notified");
  const [scope] = await dataOf<{ scopeId: string }[]>(await page.request.get("/api/scopes/v1"));
  const bell = page.getByRole("button", { name: /^Notifications/ });

  await test.step("nothing to tell: the bell says so, the page has its empty state", async () => {
    await expect(bell).toHaveAccessibleName("Notifications: No unread notifications");
    await page.goto("/notifications");
    await expect(page.getByText("You are up to date")).toBeVisible();
  });

  const failing = {
    title: "Updates of Operating at Ardenne failed 3 times in a row",
    body: "Access to the bank is still valid, so the bank is likely unavailable or refusing for now.",
    href: "/consents",
  };
  await tell(scope.scopeId, failing);

  await test.step("the bell counts it and its popover shows it", async () => {
    await page.goto("/dashboard");
    await expect(bell).toHaveAccessibleName("Notifications: 1 unread notification");
    await expect(page.getByTestId("notification-count")).toHaveText("1");
    await bell.click();
    const popover = page.getByRole("region", { name: "Latest notifications" });
    await expect(popover.getByText(failing.body)).toBeVisible();
    // Escape closes it and gives the bell its focus back.
    await page.keyboard.press("Escape");
    await expect(popover).toBeHidden();
    await expect(bell).toBeFocused();
  });

  await test.step("following its link goes where it says and marks it read", async () => {
    await bell.press("Enter");
    await page.getByRole("region", { name: "Latest notifications" }).getByRole("link", { name: failing.title }).click();
    await page.waitForURL("**/consents");
    await expect(bell).toHaveAccessibleName("Notifications: No unread notifications");
    await expect(page.getByTestId("notification-count")).toHaveCount(0);
  });

  const ending = {
    title: "Access to Ardenne ends in 5 days: Payroll (…6769); held by Acme SA",
    body: "Renew the access to Ardenne, or these accounts stop updating.",
    href: "/consents",
  };
  await tell(scope.scopeId, ending);

  await test.step("on the Notifications page, Mark read moves it from Unread to Read", async () => {
    await page.goto("/notifications");
    // Exact names: "Read notifications…" is also a part of "Unread notifications…", so without it the
    // Read list's locator took in the Unread one too (a strict-mode failure while both showed the item).
    const unread = page.getByRole("list", { name: "Unread notifications, newest first", exact: true });
    const read = page.getByRole("list", { name: "Read notifications, newest first", exact: true });
    await expect(unread.getByText(ending.title)).toBeVisible();
    await expect(read.getByText(failing.title)).toBeVisible();
    await expect(bell).toHaveAccessibleName("Notifications: 1 unread notification");
    await expectAccessible(page, "notifications page");
    await unread.getByRole("button", { name: `Mark read: ${ending.title}` }).click();
    await expect(read.getByText(ending.title)).toBeVisible();
    await expect(page.getByText("You are up to date")).toBeVisible();
    await expect(bell).toHaveAccessibleName("Notifications: No unread notifications");
  });
});

test("a notice that arrives while the page is open is counted and announced politely", async ({ page }) => {
  // The bell asks again every minute: the page's clock is moved past that, not waited for.
  await page.clock.install();
  await signUp(page, "Announced");
  const [scope] = await dataOf<{ scopeId: string }[]>(await page.request.get("/api/scopes/v1"));
  const bell = page.getByRole("button", { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName("Notifications: No unread notifications");
  const title = "Updates of Savings at Ardenne failed 3 times in a row";
  await tell(scope.scopeId, { title, body: "Reconnect the bank.", href: "/consents" });
  await page.clock.fastForward(61_000);
  await expect(bell).toHaveAccessibleName("Notifications: 1 unread notification");
  const announcement = page.locator("header").getByRole("status");
  await expect(announcement).toHaveText(`New notification: ${title}. 1 unread notification.`);
  await expect(bell).not.toBeFocused();
});
