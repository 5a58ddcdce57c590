// Recurring payments as a person sees them: the sandbox user `recurring` synced, its streams found by
// the worker's recurring-detect job (queued by the sync's success), money in and out apart with their
// statuses; the meal box that stopped 10 days ago is late, and the bell tells of it, its link leading
// to the stream; one dismissed leaves the list and is found under "Show dismissed"; the account page
// shows the next expected payments.
import { expect, test } from "@playwright/test";
import { connectWithSession, signUp } from "./helpers";
import { runEnded, trackAccount } from "./support/connect";
import { dataOf } from "./support/envelope";

test("see the recurring user's streams and dismiss one", async ({ page }) => {
  test.setTimeout(150_000);
  await signUp(page, "Recurring");
  const { connection, headers } = await connectWithSession(page, "recurring");
  const { account } = await trackAccount(page.request, headers, connection);
  expect((await runEnded(page.request, headers, account.id)).state).toBe("succeeded");
  // The worker detects after the run: wait for its streams through the API the page reads.
  await expect
    .poll(
      async () =>
        (await dataOf<unknown[]>(await page.request.get("/api/accounttracking/v1/recurring", { headers }))).length,
      { timeout: 60_000 },
    )
    .toBe(10);

  await test.step("the late payment, told by the bell and the Notifications page", async () => {
    const bell = page.getByRole("button", { name: /^Notifications/ });
    await page.goto("/notifications");
    const unread = page.getByRole("list", { name: "Unread notifications, newest first" });
    const title = /^Maaltijdbox Verse Week: the payment expected on .+ has not gone out$/;
    const late = unread.getByRole("listitem").filter({ has: page.getByRole("link", { name: title }) });
    await expect(late).toHaveCount(1);
    await expect(late).toContainText("EUR 39.90 is usually paid by then");
    await expect(bell).toHaveAccessibleName("Notifications: 1 unread notification");
    await late.getByRole("link", { name: title }).click();
    await page.waitForURL(/\/recurring\?stream=/);
    await expect(
      page.getByRole("table", { name: "Money out" }).locator("tbody tr").filter({ hasText: "Maaltijdbox Verse Week" }),
    ).toContainText("Late");
    await expect(bell).toHaveAccessibleName("Notifications: No unread notifications");
  });

  await page.goto("/recurring");
  const moneyIn = page.getByRole("table", { name: "Money in" }).locator("tbody tr");
  const moneyOut = page.getByRole("table", { name: "Money out" }).locator("tbody tr");
  await expect(moneyIn).toHaveCount(1);
  await expect(moneyIn.first()).toContainText("Hollow Oak Studios BV");
  await expect(moneyIn.first()).toContainText("Monthly");
  await expect(moneyOut).toHaveCount(9);
  await expect(moneyOut.filter({ hasText: "Fitstudio Noord" })).toContainText("Amount changed");
  await expect(moneyOut.filter({ hasText: "Daily Paper Media" })).toContainText("Ended");
  await expect(moneyOut.filter({ hasText: "STREAMFLIX" })).toHaveCount(2);
  await expect(moneyOut.filter({ hasText: "BAKKERIJ DE KORENAAR" })).toContainText("Weekly");

  await page.getByRole("button", { name: "Dismiss Daily Paper Media" }).click();
  await expect(moneyOut).toHaveCount(8);
  await expect(moneyOut.filter({ hasText: "Daily Paper Media" })).toHaveCount(0);
  await page.getByLabel("Show dismissed").check();
  const dismissed = page.getByRole("table", { name: "Money out" }).locator("tbody tr");
  await expect(dismissed).toHaveCount(1);
  await expect(dismissed.first()).toContainText("Daily Paper Media");
  await expect(dismissed.getByRole("button", { name: "Restore" })).toBeVisible();

  await page.goto(`/accounts/${account.id}`);
  const next = page.getByRole("list", { name: "Next expected payments" }).getByRole("listitem");
  await expect(next).toHaveCount(5);
  await expect(next.filter({ hasText: "Daily Paper Media" })).toHaveCount(0);
});
