// One confirmation pattern for every Revoke: a bank connection, an API key and a personal token each
// ask in a modal <dialog> at the root of the page (not inside the table cell that opened it), whose
// words wrap inside it at 1440 px and at 390 px; focus starts on the safe choice, Escape keeps the
// thing and returns focus to its Revoke button, and confirming revokes it.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { connectWithSession, signUp } from "./helpers";
import { phoneBeside } from "./support/phone";
import { uxShot } from "./support/ux-shots";

/** The dialog is modal, a child of <body>, and its text fits inside it (no clipping, no sideways scroll). */
async function expectAtRoot(page: Page, dialog: Locator) {
  await expect(dialog).toBeVisible();
  const facts = await dialog.evaluate((el) => ({
    modal: el.matches(":modal"),
    parent: el.parentElement?.tagName,
    fits: el.scrollWidth <= el.clientWidth,
    align: getComputedStyle(el).textAlign,
    right: el.getBoundingClientRect().right,
  }));
  expect(facts).toMatchObject({ modal: true, parent: "BODY", fits: true, align: "left" });
  expect(facts.right).toBeLessThanOrEqual(page.viewportSize()!.width);
}

async function revokeThrough(page: Page, trigger: Locator, name: string, keep: string, confirm: string) {
  await trigger.click();
  const dialog = page.getByRole("dialog", { name });
  await expectAtRoot(page, dialog);
  await expect(dialog.getByRole("button", { name: keep })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
  await trigger.click();
  await dialog.getByRole("button", { name: confirm }).click();
  await expect(dialog).toBeHidden();
}

test("Revoke of a bank connection, an API key and a token: one modal dialog at the root, at both widths", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signUp(page, "Dialogs");
  await connectWithSession(page, "alice");

  await test.step("the bank connection's Revoke dialog, on a phone: at the root, readable", async () => {
    const { phone, small } = await phoneBeside(browser, page);
    await small.goto("/consents");
    const trigger = small.getByRole("button", { name: /^Revoke access to / });
    await trigger.click();
    const dialog = small.getByRole("dialog", { name: /^Revoke access to .*\?$/ });
    await expectAtRoot(small, dialog);
    await uxShot(small, "revoke-dialog-phone");
    await small.keyboard.press("Escape");
    await phone.close();
  });

  await test.step("the bank connection, at 1440 px", async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/consents");
    const trigger = page.getByRole("button", { name: /^Revoke access to / });
    const bank = ((await trigger.textContent()) ?? "").replace(/^Revoke access to /, "").trim();
    await trigger.click();
    await expectAtRoot(page, page.getByRole("dialog", { name: `Revoke access to ${bank}?` }));
    await uxShot(page, "revoke-dialog-desktop");
    await page.keyboard.press("Escape");
    await revokeThrough(page, trigger, `Revoke access to ${bank}?`, "Keep access", "Revoke access");
    await expect(page.getByText(`Access to ${bank} ended.`)).toBeVisible();
  });

  await test.step("an API key", () =>
    createThenRevoke(page, {
      path: "/settings/api-keys",
      nameLabel: "Key name",
      name: "Dialog key",
      create: "Create API key",
      table: "API keys",
      keep: "Keep API key",
      revoke: "Revoke API key",
    }));

  await test.step("a personal token", () =>
    createThenRevoke(page, {
      path: "/settings/tokens",
      nameLabel: "Token name",
      name: "Dialog token",
      create: "Create token",
      table: "Personal access tokens",
      keep: "Keep token",
      revoke: "Revoke token",
    }));
});

/** Creates a token on its settings page, then revokes it through the confirmation dialog. */
async function createThenRevoke(
  page: Page,
  t: { path: string; nameLabel: string; name: string; create: string; table: string; keep: string; revoke: string },
) {
  await page.goto(t.path);
  await page.getByLabel(t.nameLabel).fill(t.name);
  await page.getByRole("button", { name: t.create }).click();
  await expect(page.getByTestId("new-token-secret")).toBeVisible();
  const row = page.getByRole("table", { name: t.table }).getByRole("row").filter({ hasText: t.name });
  await revokeThrough(
    page,
    row.getByRole("button", { name: `Revoke ${t.name}` }),
    `Revoke “${t.name}”?`,
    t.keep,
    t.revoke,
  );
  await expect(row.getByText("revoked")).toBeVisible();
}
