// Counterparts as a person uses them: on the sandbox `namesakes` user (the same parties under several
// names), consolidate two counterparts and undo it, rename one, build a family and see its totals
// roll up in the tree.
import { expect, test, type Page } from "@playwright/test";
import { connectWithSession, pageScope, signUp } from "./helpers";
import { runEnded, trackAccount } from "./support/connect";
import { uxShot } from "./support/ux-shots";

/** Connects the sandbox bank as `namesakes` and tracks the current account, over HTTP with the page's
 * session (the flows the connect and accounts UI offer are covered by connect-bank and track-and-sync). */
async function trackNamesakes(page: Page): Promise<string> {
  const { connection, headers } = await connectWithSession(page, "namesakes");
  const { account } = await trackAccount(page.request, headers, connection);
  expect((await runEnded(page.request, headers, account.id)).state).toBe("succeeded");
  return account.id;
}

/** At 1280 px every column is in view without scrolling sideways: Money out, Last and the actions too. */
async function expectColumnsFit(page: Page) {
  const table = page.getByRole("table", { name: "Counterparts of this account with totals" });
  expect(await table.evaluate((el) => el.parentElement!.scrollWidth <= el.parentElement!.clientWidth)).toBe(true);
  for (const header of ["Money out", "Last"])
    await expect(table.getByRole("button", { name: header })).toBeInViewport();
  await expect(page.getByRole("button", { name: /^Family & client of / }).first()).toBeInViewport();
}

async function countOf(page: Page, name: string | RegExp): Promise<number> {
  const row = page.getByTestId("counterpart-row").filter({ hasText: name }).first();
  return Number(((await row.getByRole("cell").nth(2).textContent()) ?? "").replace(/\D/g, ""));
}

test("consolidate, undo, rename and build a family whose totals roll up", async ({ page }) => {
  test.setTimeout(150_000);
  await signUp(page, "Counterparts");
  const accountId = await trackNamesakes(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/accounts/${accountId}/counterparts`);
  const rows = page.getByTestId("counterpart-row");
  await expect(rows).toHaveCount(7);
  await expectColumnsFit(page);

  // Spotify appears twice (its spellings normalise apart): consolidate the two.
  const spotify = rows.filter({ hasText: /spotify/i });
  await expect(spotify).toHaveCount(2);
  const spotifyTotal =
    (await countOf(page, /spotify/i)) +
    Number(((await spotify.nth(1).getByRole("cell").nth(2).textContent()) ?? "").replace(/\D/g, ""));
  for (const box of await spotify.getByRole("checkbox").all()) await box.check();
  await page.getByRole("button", { name: "Consolidate 2" }).click();
  await expect(rows).toHaveCount(6);
  await expect(rows.filter({ hasText: /spotify/i })).toHaveCount(1);
  expect(await countOf(page, /spotify/i)).toBe(spotifyTotal);
  // Undo brings both back; then consolidate again for good.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(rows).toHaveCount(7);
  for (const box of await rows
    .filter({ hasText: /spotify/i })
    .getByRole("checkbox")
    .all())
    await box.check();
  await page.getByRole("button", { name: "Consolidate 2" }).click();
  await expect(rows).toHaveCount(6);

  // Rename KPN.
  const kpn = rows.filter({ hasText: /kpn/i });
  await kpn.getByRole("button", { name: /^Rename / }).click();
  // While editing, the row shows the input (the bank name is its label), not the name as text.
  await page.getByRole("textbox", { name: /^Alias for .*kpn/i }).fill("Telecom");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(rows.filter({ hasText: "Telecom" })).toHaveCount(1);

  // A family: Telecom with Vattenfall and the consolidated Spotify as children.
  const telecomCount = await countOf(page, "Telecom");
  const vattenfallCount = await countOf(page, /vattenfall/i);
  const spotifyCount = await countOf(page, /spotify/i);
  await page.getByRole("button", { name: "Family & client of Telecom" }).click();
  const tree = page.getByRole("list", { name: "Family tree" });
  // The panel opens under its row: the name stays in view and the columns still fit.
  await expect(tree).toBeVisible();
  await expect(rows.filter({ hasText: "Telecom" }).getByText("Telecom", { exact: true }).first()).toBeInViewport();
  await expectColumnsFit(page);
  await uxShot(page, "counterparts-1280", { fullPage: true });
  await expect(tree.getByTestId("family-node")).toHaveCount(1);
  for (const [i, child] of [/vattenfall/i, /spotify/i].entries()) {
    const select = page.getByLabel("Child counterpart");
    const option = select.locator("option").filter({ hasText: child }).first();
    await select.selectOption((await option.getAttribute("value")) ?? "");
    await page.getByRole("button", { name: "Add child" }).click();
    await expect(tree.getByTestId("family-node")).toHaveCount(i + 2);
  }
  await expect(tree.getByTestId("family-node")).toHaveCount(3);
  const top = tree.getByTestId("rolled-up").first();
  await expect(top).toContainText(`total ${telecomCount + vattenfallCount + spotifyCount}`);
  // The rows show who is in a family.
  await expect(rows.filter({ hasText: "in a family" })).toHaveCount(2);

  // The account's transaction table names the party as the person does: a KPN bill reads "Telecom".
  const { headers } = await pageScope(page);
  const listed = await page.request.get(`/api/accounttracking/v1/accounts/${accountId}/transactions?perPage=500`, {
    headers,
  });
  const bills = ((await listed.json()) as { data: { counterpartName: string | null; bookingDate: string | null }[] })
    .data;
  const kpnBill = bills.find((t) => /kpn/i.test(t.counterpartName ?? "") && t.bookingDate);
  expect(kpnBill).toBeTruthy();
  await page.goto(`/accounts/${accountId}`);
  await page.getByLabel("From", { exact: true }).fill(kpnBill!.bookingDate!);
  await page.getByLabel("To", { exact: true }).fill(kpnBill!.bookingDate!);
  const table = page.getByRole("table", { name: "Transactions" });
  await expect(table.getByRole("row").filter({ hasText: "Telecom" })).toHaveCount(1);
  await expect(table.getByRole("row").filter({ hasText: kpnBill!.counterpartName! })).toHaveCount(0);
});

test("the navigation's Counterparts: the workspace's list; a rename says where; consolidate keeps the alias", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signUp(page, "Counterparts nav");
  const accountId = await trackNamesakes(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/dashboard");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Counterparts" }).click();
  await page.waitForURL(/\/counterparts$/);
  const rows = page.getByTestId("scope-counterpart-row");
  await expect(rows).toHaveCount(7);
  // The most active first.
  const counts = await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.children[1].textContent)));
  expect(counts).toEqual([...counts].sort((a, b) => b - a));
  await expect(rows.first()).toContainText("1 account");
  await page.getByLabel("Search counterparts").fill("spotify");
  await expect(rows).toHaveCount(2);
  await page.getByLabel("Search counterparts").fill("");
  await page.getByLabel("Account").selectOption(accountId);
  await page.waitForURL(new RegExp(`/counterparts\\?account=${accountId}$`));
  await expect(rows).toHaveCount(7);
  await uxShot(page, "counterparts-nav-1280", { fullPage: true });

  // On the account's list, the rename field says before the save where the name will show.
  await page.goto(`/accounts/${accountId}/counterparts`);
  const accountRows = page.getByTestId("counterpart-row");
  const spotify = accountRows.filter({ hasText: /spotify/i });
  await expect(spotify).toHaveCount(2);
  await spotify
    .nth(1)
    .getByRole("button", { name: /^Rename / })
    .click();
  const field = page.getByRole("textbox", { name: /^Alias for .*spotify/i });
  await expect(field).toHaveAccessibleDescription("Renames it on every account: 1 account uses it.");
  await field.fill("Music");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(accountRows.filter({ hasText: "Music" })).toHaveCount(1);

  // Consolidating the two: "Keep as" starts on the person's name, whichever row comes first.
  for (const box of await accountRows
    .filter({ hasText: /spotify|music/i })
    .getByRole("checkbox")
    .all())
    await box.check();
  const keepAs = page.getByLabel("Keep as");
  await expect(keepAs.locator("option:checked")).toHaveText("Music");
  await page.getByRole("button", { name: "Consolidate 2" }).click();
  await expect(accountRows).toHaveCount(6);
  await expect(accountRows.filter({ hasText: "Music" })).toHaveCount(1);
});
