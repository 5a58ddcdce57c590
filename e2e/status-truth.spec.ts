// Status from the truth: after a revoke the dashboard, the Accounts list and the account page say
// access ended at the bank, with Reconnect, never "Up to date"; a sync asked for anyway fails and
// still never advises trying again; Sync now is disabled with the reason. Reconnecting at the bank
// starts the accounts' syncs, and the stale failure is gone once they end.
import { expect, test } from "@playwright/test";
import { connectAlice } from "./alice";
import { atSandboxBank, signUp } from "./helpers";
import { runEnded, startSync } from "./support/connect";
import { dataOf } from "./support/envelope";
import { uxShot } from "./support/ux-shots";

const API = "/api/accounttracking/v1";

test("revoke → the status says access ended everywhere; reconnect → the accounts sync again", async ({ page }) => {
  test.setTimeout(240_000);
  await signUp(page, "Truth");
  const alice = await connectAlice(page);
  const account = await dataOf<{ consentId: string; bankName: string }>(
    await page.request.get(`${API}/accounts/${alice.currentId}`, { headers: alice.headers }),
  );
  const bank = account.bankName;
  const revoked = await page.request.post(`${API}/consents/${account.consentId}/revoke`, { headers: alice.headers });
  expect(revoked.status(), await revoked.text()).toBe(200);
  // A sync asked for anyway (a script, an old tab) fails without asking the bank.
  await startSync(page.request, alice.headers, alice.currentId);
  expect((await runEnded(page.request, alice.headers, alice.currentId)).state).toBe("failed");

  await test.step("the dashboard: access ended at the bank, Reconnect, no 'Up to date' and no 'try again'", async () => {
    await page.goto("/dashboard");
    const card = page
      .locator("section")
      .filter({ has: page.getByRole("heading", { name: "Accounts and sync health" }) });
    const items = page.getByRole("list", { name: "Tracked accounts" }).getByRole("listitem");
    await expect(items).toHaveCount(2);
    await expect(card).toContainText("2 of 2 accounts no longer sync: bank access ended");
    for (const item of await items.all()) {
      await expect(item.getByText(`Access ended at ${bank}`)).toBeVisible();
      await expect(item.getByRole("button", { name: `Reconnect ${bank}` })).toBeVisible();
      await expect(item.getByText(/^Next automatic update: none until reconnected$/)).toBeVisible();
    }
    await expect(page.getByText("Up to date")).toHaveCount(0);
    await expect(page.getByText(/without errors|try again in a few minutes/i)).toHaveCount(0);
    await uxShot(page, "dashboard-after-revoke", { fullPage: true });
  });

  await test.step("the account page: Sync now is disabled and says why", async () => {
    await page.goto(`/accounts/${alice.currentId}`);
    const syncNow = page.getByRole("button", { name: "Sync now" });
    await expect(syncNow).toBeDisabled();
    await expect(syncNow).toHaveAccessibleDescription(`Access to ${bank} ended; reconnect it to sync again.`);
    await expect(page.getByText(/try again in a few minutes/i)).toHaveCount(0);
  });

  await test.step("Reconnect: approved at the bank, both accounts sync again and the failure is gone", async () => {
    await page.goto("/dashboard");
    await page
      .getByRole("button", { name: `Reconnect ${bank}` })
      .first()
      .click();
    await atSandboxBank(page, "alice", "Approve");
    await page.waitForURL(/\/connect\/result\?/);
    await expect(
      page.getByRole("heading", { name: `${bank}: access renewed — your 2 accounts continue` }),
    ).toBeVisible();
    await expect(page.getByRole("list", { name: "Accounts syncing again" }).getByRole("listitem")).toHaveCount(2);
    await page.goto("/dashboard");
    const items = page.getByRole("list", { name: "Tracked accounts" }).getByRole("listitem");
    // The renewal's own syncs end while the page is open: the list follows them without a reload.
    for (const item of await items.all()) await expect(item.getByText("Up to date")).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText(/Access ended|Last sync failed/)).toHaveCount(0);
    await expect(page.locator("section").filter({ hasText: "Accounts and sync health" })).toContainText(
      "All 2 accounts are up to date",
    );
  });
});
