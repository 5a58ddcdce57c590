// Keyboard only, as a person without a mouse: sign up, connect alice's bank at the sandbox bank
// (back from the bank, focus is on the result's heading), track both accounts in place, open one and
// a transaction's detail, consolidate two counterparts and undo it. Then the Revoke dialog: focus
// starts inside it, Tab stays inside it, Escape cancels and focus returns to the Revoke button; then
// revoking for real. No clicks anywhere, and after every action focus is somewhere, never on <body>.
import { expect, test, type Locator, type Page } from "@playwright/test";

/** Presses Tab until `target` has focus (at most `max` presses), as a keyboard user would. */
async function tabTo(page: Page, target: Locator, max = 60, key: "Tab" | "Shift+Tab" = "Tab") {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

const focused = (page: Page) => page.locator(":focus");

/** Focus is on an element of the page, not lost to <body>. */
async function expectFocusKept(page: Page, after: string) {
  const tag = await page.evaluate(() => document.activeElement?.tagName ?? "none");
  expect(tag, `focus after ${after}`).not.toMatch(/^(BODY|none)$/);
}

test("keyboard only: connect a bank, track two accounts, open one and a transaction; the Revoke dialog keeps focus", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  await page.goto("/signup");
  await tabTo(page, page.getByLabel("Your name"));
  await page.keyboard.type(`Keys ${stamp}`);
  await page.keyboard.press("Tab");
  await page.keyboard.type(`keys-${stamp}@example.test`);
  await page.keyboard.press("Tab");
  await page.keyboard.type("correct horse battery staple");
  await page.keyboard.press("Enter");
  await page.waitForURL("**/dashboard");

  // A client-side navigation moves focus to the new page's heading.
  await tabTo(page, page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Bank connections" }));
  await page.keyboard.press("Enter");
  await page.waitForURL("**/consents");
  await expect(focused(page)).toHaveText("Bank connections");
  await expect(focused(page)).toHaveJSProperty("tagName", "H1");

  await tabTo(page, page.getByRole("link", { name: "Connect a bank" }).first());
  await page.keyboard.press("Enter");
  await page.waitForURL("**/connect");
  // Tracking activates by itself: the bank choice is the first step.
  const country = page.getByLabel("Country");
  await expect(country).toBeEnabled();
  await tabTo(page, country);
  await page.keyboard.type("Belgium");
  await expect(country).toHaveValue("BE");
  const firstBank = page.getByRole("radio").first();
  await tabTo(page, firstBank);
  await page.keyboard.press("Space");
  await expect(firstBank).toBeChecked();
  const go = page.getByRole("button", { name: /^Continue to / });
  const bankName = ((await go.textContent()) ?? "").replace(/^Continue to /, "").trim();
  await tabTo(page, go);
  await page.keyboard.press("Enter");

  // The sandbox bank's pages.
  await page.waitForURL(/\/sandbox-bank\//);
  await tabTo(page, page.getByLabel("User ID"));
  await page.keyboard.type("alice");
  await page.keyboard.press("Tab");
  await page.keyboard.type("any password");
  await page.keyboard.press("Enter");
  const approve = page.getByRole("button", { name: "Approve" });
  await expect(approve).toBeVisible();
  await tabTo(page, approve);
  await page.keyboard.press("Enter");

  // Back: both accounts ticked; one button tracks them.
  await page.waitForURL(/\/connect\/result\?/);
  await expect(page.getByRole("heading", { name: `${bankName} is connected` })).toBeFocused();
  const track = page.getByRole("button", { name: "Track 2 accounts" });
  await expect(track).toBeEnabled();
  await tabTo(page, track);
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/accounts$/);
  const tracked = page.getByRole("table", { name: "Tracked accounts" }).getByRole("link");
  await expect(tracked).toHaveCount(2);

  // Open one account; focus moves to its heading.
  await tabTo(page, tracked.first());
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/accounts\/[0-9a-f-]{36}$/);
  await expect(focused(page)).toHaveJSProperty("tagName", "H1");

  // Open a transaction's detail by keyboard: its counterpart name is the row's button.
  const opener = page.getByRole("table", { name: "Transactions" }).getByRole("row").nth(1).getByRole("button").first();
  await expect(opener).toBeVisible({ timeout: 60_000 });
  await tabTo(page, opener, 120);
  await page.keyboard.press("Enter");
  const detail = page.getByRole("dialog");
  await expect(detail).toBeVisible();
  await expect(detail.getByText("Value date", { exact: true })).toBeVisible();
  expect(await detail.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(detail).toHaveCount(0);
  await expect(opener).toBeFocused();

  // Consolidate two counterparts, then undo it: focus goes to what happened each time.
  await page.goto(`${new URL(page.url()).pathname}/counterparts`);
  const rows = page.getByTestId("counterpart-row");
  await expect(rows.nth(1)).toBeVisible({ timeout: 60_000 });
  for (const row of [rows.nth(0), rows.nth(1)]) {
    const box = row.getByRole("checkbox");
    await tabTo(page, box, 120);
    await page.keyboard.press("Space");
    await expect(box).toBeChecked();
  }
  // The Consolidate bar is above the table: back up to it.
  await tabTo(page, page.getByRole("button", { name: "Consolidate 2" }), 30, "Shift+Tab");
  await page.keyboard.press("Enter");
  await expect(focused(page)).toHaveText(/Consolidated 2 counterparts into one\./);
  await tabTo(page, page.getByRole("button", { name: "Undo" }), 5);
  await page.keyboard.press("Enter");
  await expect(focused(page)).toHaveText(/Undone: the 2 counterparts are separate again\./);

  // The Revoke dialog, by keyboard.
  await page.goto("/consents");
  const revoke = page.getByRole("button", { name: `Revoke access to ${bankName}` });
  await tabTo(page, revoke);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `Revoke access to ${bankName}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("these 2 tracked accounts");
  await expect(dialog.getByRole("button", { name: "Keep access" })).toBeFocused();
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Shift+Tab");
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(revoke).toBeFocused();
  // Escape cancelled: still connected.
  const row = page.getByRole("table", { name: "Bank connections" }).getByRole("row").filter({ hasText: bankName });
  await expect(row.getByText("Connected", { exact: true })).toBeVisible();

  // Revoke for real: the connection moves to History, and focus is not lost with its row.
  await tabTo(page, revoke);
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("button", { name: "Keep access" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Revoke access" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("table", { name: "Earlier bank connections" })).toContainText(bankName);
  await expectFocusKept(page, "revoke");
});
