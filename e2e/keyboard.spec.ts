// Keyboard only, as a person without a mouse: sign up, connect alice's bank at the sandbox bank
// (back from the bank, focus is on the result's heading), track both accounts in place, open one and
// a transaction's detail, consolidate two counterparts and undo it. Then the Revoke dialog: focus
// starts inside it, Tab stays inside it, Escape cancels and focus returns to the Revoke button; then
// revoking for real. No clicks anywhere, and after every action focus is somewhere, never on <body>.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { connectAlice } from "./alice";
import { defaultProfile, signUp } from "./helpers";

/** Presses Tab until `target` has focus (at most `max` presses), as a keyboard user would. */
async function tabTo(page: Page, target: Locator, max = 60, key: "Tab" | "Shift+Tab" = "Tab") {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Types `text` into `field` and presses the button named `button`, each reached by Tab. */
async function typeAndSubmit(page: Page, field: Locator, text: string, button: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
  await tabTo(page, page.getByRole("button", { name: button }));
  await page.keyboard.press("Enter");
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

// The actions that used to drop focus to <body> (issue 40): each done by keyboard, and after each
// focus is on its result or on the line that says what happened. Signing up and connecting alice's
// bank are the set-up (covered by keyboard above), not the subject here.
test("keyboard only: after every action focus is on its result, never on <body>", async ({ page }) => {
  test.setTimeout(240_000);
  await signUp(page, "Focus");
  const alice = await connectAlice(page);

  await test.step("Clear filters, in the filter bar and in the empty list", async () => {
    await page.goto(`/accounts/${alice.currentId}`);
    const table = page.getByRole("table", { name: "Transactions" });
    await expect(table.getByRole("row").nth(1)).toBeVisible({ timeout: 60_000 });
    const search = page.getByLabel("Search", { exact: true });
    for (const which of ["bar", "empty list"] as const) {
      // The second time, focus is on the status line after the search field.
      await tabTo(page, search, 120, which === "bar" ? "Tab" : "Shift+Tab");
      // One input event: typing speed (the search's own pause) is not the subject here.
      await page.keyboard.insertText("no such counterpart anywhere");
      await expect(page.getByText("No transactions match these filters")).toBeVisible({ timeout: 30_000 });
      const clear = page.getByRole("button", { name: "Clear filters" });
      await tabTo(page, which === "bar" ? clear.first() : clear.last(), 30);
      await page.keyboard.press("Enter");
      await expect(focused(page)).toHaveText("Filters cleared: every transaction is shown.");
      await expect(focused(page)).toHaveRole("status");
      await expect(table.getByRole("row").nth(1)).toBeVisible();
      await expectFocusKept(page, `Clear filters (${which})`);
    }
  });

  await test.step("both CSV buttons", async () => {
    for (const name of ["Export CSV", "CSV for Excel (; and ,)"]) {
      // The second button is before the first one's status line.
      await tabTo(
        page,
        page.getByRole("button", { name, exact: true }),
        60,
        name === "Export CSV" ? "Tab" : "Shift+Tab",
      );
      const download = page.waitForEvent("download");
      await page.keyboard.press("Enter");
      expect((await download).suggestedFilename()).toMatch(/\.csv$/);
      await expect(focused(page)).toHaveText("The CSV is downloaded.");
      await expectFocusKept(page, name);
    }
  });

  await test.step("Save note and tags, in a transaction's detail", async () => {
    const opener = page
      .getByRole("table", { name: "Transactions" })
      .getByRole("row")
      .nth(1)
      .getByRole("button")
      .first();
    await tabTo(page, opener, 120);
    await page.keyboard.press("Enter");
    const detail = page.getByRole("dialog");
    await tabTo(page, detail.getByLabel("Note"), 40);
    await page.keyboard.type("Shared with Bob");
    await page.keyboard.press("Tab");
    await page.keyboard.type("holiday shared");
    await tabTo(page, detail.getByRole("button", { name: "Save note and tags" }), 10);
    await page.keyboard.press("Enter");
    await expect(focused(page)).toHaveText("Saved with 2 tag(s).");
    expect(await detail.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await expectFocusKept(page, "Save note and tags");
    await page.keyboard.press("Escape");
    await expect(detail).toHaveCount(0);
  });

  await test.step("Sync now, until the sync ends", async () => {
    const syncNow = page.getByRole("button", { name: "Sync now", exact: true });
    await tabTo(page, syncNow, 120, "Shift+Tab");
    await page.keyboard.press("Enter");
    // While it runs the button keeps focus (aria-disabled, not disabled); when it ends, focus moves
    // to the line that says so.
    await expect(focused(page)).toHaveText("The sync has ended.", { timeout: 60_000 });
    await expectFocusKept(page, "Sync now");
  });

  await test.step("company Look up", async () => {
    // A default profile for the lookup to apply (a new person has none).
    await defaultProfile(page, "Keyboard default");
    await page.goto("/companies/lookup");
    await typeAndSubmit(page, page.getByLabel("Registration number"), "0403.170.701", "Look up");
    const result = page.getByRole("region", { name: "Lookup result" });
    await expect(result).toBeFocused();
    await expect(result.getByTestId("lookup-result")).toBeVisible();
    await expectFocusKept(page, "Look up");
  });

  await test.step("Create API key: the secret is announced and its Copy button has focus", async () => {
    await page.goto("/settings/api-keys");
    const name = page.getByLabel("Key name");
    await typeAndSubmit(page, name, "Keyboard key", "Create API key");
    const secret = page.getByRole("region", { name: "Your new API key “Keyboard key”" });
    await expect(secret.getByRole("button", { name: "Copy" })).toBeFocused();
    await expect(secret.getByRole("status")).toContainText("You won't see it again.");
    await expectFocusKept(page, "Create API key");
    await tabTo(page, secret.getByRole("button", { name: "Done" }), 3);
    await page.keyboard.press("Enter");
    await expect(secret).toHaveCount(0);
    await expect(name).toBeFocused();
  });

  await test.step("a webhook endpoint refused: focus on what to fix", async () => {
    await page.goto("/settings/webhooks");
    const url = page.getByLabel("URL");
    await typeAndSubmit(page, url, "http://127.0.0.1:9/hook", "Add endpoint");
    await expect(url).toBeFocused();
    await expect(url).toHaveAttribute("aria-invalid", "true");
    await expectFocusKept(page, "Add endpoint, refused");
  });
});
