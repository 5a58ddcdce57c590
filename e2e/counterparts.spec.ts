// Counterparts as a person uses them: on the sandbox `namesakes` user (the same parties under several
// names), consolidate two counterparts and undo it, rename one, build a family and see its totals
// roll up in the tree.
import { expect, test, type Page } from "@playwright/test";
import { atSandboxBank, signUp, startConnection } from "./helpers";

async function trackNamesakes(page: Page): Promise<string> {
  const bankName = await startConnection(page);
  await atSandboxBank(page, "namesakes", "Approve");
  await page.waitForURL(/\/connect\/result\?/);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Bank connections" }).click();
  await page.getByRole("table", { name: "Bank connections" }).getByRole("row").filter({ hasText: bankName }).getByRole("link").first().click();
  const accounts = page.getByRole("table", { name: "Accounts the bank shares under this consent" });
  await accounts.getByRole("row").filter({ hasText: /current/i }).getByRole("button", { name: /^Track/ }).click();
  await page.waitForURL(/\/accounts\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Synced", { exact: true })).toBeVisible({ timeout: 60_000 });
  return new URL(page.url()).pathname.split("/").at(-1) ?? "";
}

async function countOf(page: Page, name: string | RegExp): Promise<number> {
  const row = page.getByTestId("counterpart-row").filter({ hasText: name }).first();
  return Number(((await row.getByRole("cell").nth(2).textContent()) ?? "").replace(/\D/g, ""));
}

test("consolidate, undo, rename and build a family whose totals roll up", async ({ page }) => {
  test.setTimeout(150_000);
  await signUp(page, "Counterparts");
  const accountId = await trackNamesakes(page);
  await page.goto(`/accounts/${accountId}/counterparts`);
  const rows = page.getByTestId("counterpart-row");
  await expect(rows).toHaveCount(7);

  // Spotify appears twice (its spellings normalise apart): consolidate the two.
  const spotify = rows.filter({ hasText: /spotify/i });
  await expect(spotify).toHaveCount(2);
  const spotifyTotal = (await countOf(page, /spotify/i)) + Number(((await spotify.nth(1).getByRole("cell").nth(2).textContent()) ?? "").replace(/\D/g, ""));
  for (const box of await spotify.getByRole("checkbox").all()) await box.check();
  await page.getByRole("button", { name: "Consolidate 2" }).click();
  await expect(rows).toHaveCount(6);
  await expect(rows.filter({ hasText: /spotify/i })).toHaveCount(1);
  expect(await countOf(page, /spotify/i)).toBe(spotifyTotal);
  // Undo brings both back; then consolidate again for good.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(rows).toHaveCount(7);
  for (const box of await rows.filter({ hasText: /spotify/i }).getByRole("checkbox").all()) await box.check();
  await page.getByRole("button", { name: "Consolidate 2" }).click();
  await expect(rows).toHaveCount(6);

  // Rename KPN.
  const kpn = rows.filter({ hasText: /kpn/i });
  await kpn.getByRole("button", { name: /^Rename / }).click();
  await kpn.getByRole("textbox").fill("Telecom");
  await kpn.getByRole("button", { name: "Save" }).click();
  await expect(rows.filter({ hasText: "Telecom" })).toHaveCount(1);

  // A family: Telecom with Vattenfall and the consolidated Spotify as children.
  const telecomCount = await countOf(page, "Telecom");
  const vattenfallCount = await countOf(page, /vattenfall/i);
  const spotifyCount = await countOf(page, /spotify/i);
  await page.getByRole("button", { name: "Manage Telecom" }).click();
  const tree = page.getByRole("list", { name: "Family tree" });
  await expect(tree.getByTestId("family-node")).toHaveCount(1);
  for (const child of [/vattenfall/i, /spotify/i]) {
    const select = page.getByLabel("Child counterpart");
    const option = select.locator("option").filter({ hasText: child }).first();
    await select.selectOption((await option.getAttribute("value")) ?? "");
    await page.getByRole("button", { name: "Add child" }).click();
  }
  await expect(tree.getByTestId("family-node")).toHaveCount(3);
  const top = tree.getByTestId("rolled-up").first();
  await expect(top).toContainText(`total ${telecomCount + vattenfallCount + spotifyCount}`);
  // The rows show who is in a family.
  await expect(rows.filter({ hasText: "in a family" })).toHaveCount(2);
});
