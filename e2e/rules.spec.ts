// Rules learned from corrections, as a person meets them on alice's current account: file two
// transactions of one counterpart under a category in their detail, take the rule the second choice
// suggests ("Make this rule"), and find it on the Rules page, first in the order.
import { expect, test } from "@playwright/test";
import { connectAlice } from "./alice";
import { signUp } from "./helpers";

type Row = { id: string; counterpartDisplayName: string | null };

test("recategorise two transactions of one counterpart, accept the suggested rule, see it listed", async ({ page }) => {
  test.setTimeout(300_000);
  await signUp(page, "Alice");
  const alice = await connectAlice(page);
  const listed = await page.request.get(
    `/api/accounttracking/v1/accounts/${alice.currentId}/transactions?perPage=200`,
    {
      headers: alice.headers,
    },
  );
  const rows = ((await listed.json()) as { data: Row[] }).data;
  // A counterpart with two transactions among the newest, which the account's table shows first.
  const byName = new Map<string, Row[]>();
  for (const r of rows.slice(0, 12))
    if (r.counterpartDisplayName)
      byName.set(r.counterpartDisplayName, [...(byName.get(r.counterpartDisplayName) ?? []), r]);
  const [name, pair] = [...byName.entries()].find(([, list]) => list.length >= 2) ?? ["", []];
  expect(pair.length).toBeGreaterThanOrEqual(2);

  const table = page.getByRole("table", { name: "Transactions" });
  for (const [i, row] of pair.slice(0, 2).entries()) {
    await page.goto(`/accounts/${alice.currentId}`);
    const item = table.locator(`[data-transaction-id="${row.id}"]`);
    await item.getByRole("button").first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Category").selectOption({ label: "Other" });
    await dialog.getByRole("button", { name: "Save category" }).click();
    await expect(dialog.getByRole("status").filter({ hasText: "Saved: Other." })).toBeVisible();
    if (i === 0) {
      await expect(dialog.getByRole("button", { name: "Make this rule" })).toHaveCount(0);
      await page.keyboard.press("Escape");
    } else {
      const offer = dialog.getByRole("group", { name: /^Suggested rule for / });
      await expect(offer).toContainText("Other");
      await offer.getByRole("button", { name: "Make this rule" }).click();
      await expect(offer).toHaveCount(0);
    }
  }

  await page.goto("/rules");
  const first = page.getByRole("list", { name: "Rules" }).getByRole("listitem").first();
  await expect(first).toContainText(`Always file`);
  await expect(first).toContainText("under Other");
  await expect(first).toContainText("From a suggestion");
  expect(name).not.toBe("");
});
