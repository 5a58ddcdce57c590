// The product a person meets, on alice's current and savings accounts: the dashboard's balances and
// sync health; a transaction's detail (every bank field, focus kept and returned); filters in the
// URL that survive a reload; From after To; the CSV of the filtered set against its totals; the
// monthly own-account transfers left out of in/out; and the list on a 390×844 phone.
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { connectAlice, expectAccessible, moneyCents } from "./alice";
import { signUp } from "./helpers";
import { phoneBeside } from "./support/phone";
import { uxShot } from "./support/ux-shots";

test("dashboard, transaction detail, URL filters, CSV, own transfers and the phone layout", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await signUp(page, "Alice");
  const alice = await connectAlice(page);

  await test.step("the dashboard shows each account's balance and sync health", async () => {
    await page.goto("/dashboard");
    const accounts = page.getByRole("list", { name: "Tracked accounts" }).getByRole("listitem");
    await expect(accounts).toHaveCount(2);
    for (const item of await accounts.all()) {
      await expect(item.getByTestId("balance")).toHaveText(/^€[\d,]+\.\d\d$/);
      await expect(item.getByText("Up to date")).toBeVisible();
      await expect(item.getByText(/^Last sync: \d/)).toBeVisible();
      await expect(item.getByText(/^Next automatic update: /)).toBeVisible();
    }
    await expect(page.getByText("Bank connections are coming")).toHaveCount(0);
    await expectAccessible(page, "dashboard");
    await uxShot(page, "dashboard", { fullPage: true });
  });

  const table = page.getByRole("table", { name: "Transactions" });
  await test.step("a row opens the detail with the bank's fields; Escape closes it and focus returns", async () => {
    await page.goto(`/accounts/${alice.currentId}`);
    const opener = table.getByRole("row").nth(1).getByRole("button");
    await opener.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    for (const label of [
      "Booking date",
      "Value date",
      "Remittance",
      "Creditor id",
      "Mandate id",
      "End-to-end id",
      "Bank transaction code",
      "Bank's transaction id",
    ]) {
      await expect(dialog.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(dialog.getByRole("heading", { name: "Counterpart" })).toBeVisible();
    await expect(dialog.getByText(/^Counts under /)).toBeVisible();
    // Focus is trapped: tabbing around never leaves the dialog.
    for (let i = 0; i < 12; i++) await page.keyboard.press("Tab");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await expectAccessible(page, "transaction detail");
    await uxShot(page, "transaction-detail");
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  await test.step("search as you type: the loaded rows narrow at once and say so until the server answers", async () => {
    await page.goto(`/accounts/${alice.currentId}`);
    await expect(table.getByRole("row").nth(1)).toBeVisible();
    const status = page.getByRole("status", { name: "Loaded transactions" });
    await expect(status).toHaveText(/transactions loaded/);
    // The server's answers to a search are held back: what shows meanwhile is the list's own narrowing.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const searched = (url: URL) =>
      url.pathname.endsWith("/transactions") && [...url.searchParams.keys()].some((k) => k.includes("q"));
    await page.route(searched, async (route) => {
      await held;
      await route.continue();
    });
    const search = page.getByLabel("Search", { exact: true });
    await search.pressSequentially("rent");
    await expect(status).toHaveText(/^Searching…/);
    const dataRows = table.getByRole("rowgroup").last().getByRole("row");
    await expect(dataRows.first()).toBeVisible();
    for (const text of await dataRows.allTextContents()) expect(text.toLowerCase()).toContain("rent");
    release();
    await expect(status).toHaveText(/transactions? loaded/);
    await page.unroute(searched);

    // Measured, not asserted: from the last key to the server's rows, on this account's rows.
    await search.fill("");
    await expect(status).toHaveText(/transactions loaded · /);
    await search.pressSequentially("Monthly");
    const typedAt = Date.now();
    await expect(status).toHaveText(/transactions? loaded/);
    test.info().annotations.push({ type: "search", description: `last key → rows: ${Date.now() - typedAt} ms` });
    await search.fill("");
  });

  await test.step("filters live in the URL and survive a reload", async () => {
    await page.getByLabel("Search", { exact: true }).fill("Rent");
    await expect(page).toHaveURL(/[?&]q=Rent/);
    await page.getByLabel("Direction").selectOption("out");
    await expect(page).toHaveURL(/direction=out/);
    await page.reload();
    await expect(page.getByLabel("Search", { exact: true })).toHaveValue("Rent");
    await expect(page.getByLabel("Direction")).toHaveValue("out");
    await expect(table.getByRole("row").nth(1)).toContainText("Rent");
    const count = await table.getByRole("row").count();
    expect(count).toBeGreaterThan(2);
  });

  await test.step("the CSV of the filtered set has its rows and adds up to its totals", async () => {
    const totals = page.getByTestId("transaction-totals");
    await expect(totals).toContainText(/\d+ transactions/);
    const shownCount = Number(/(\d+) transactions/.exec((await totals.textContent()) ?? "")?.[1]);
    const net = moneyCents((await totals.locator('[data-total="net"]').textContent()) ?? "");
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const file = await (await download).path();
    const text = await readFile(file, "utf8");
    // A byte order mark first, so a spreadsheet reads it as UTF-8; then the header.
    expect(text.startsWith("\uFEFF")).toBe(true);
    const lines = text.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toMatch(/^date,bookingDate,valueDate,status,amount,currency,counterpartName,bankCounterpartName,/);
    expect((await download).suggestedFilename()).toMatch(/^[a-z0-9-]+-\d{4}-all\.csv$/);
    const rows = lines.slice(1).map((l) => l.split(","));
    expect(rows.length).toBe(shownCount);
    expect(rows.every((r) => r[4].startsWith("-") && r[5] === "EUR")).toBe(true);
    expect(rows.reduce((sum, r) => sum + moneyCents(r[4]), 0n)).toBe(net);
  });

  await test.step("From after To keeps the filter, shows no rows and says why", async () => {
    await page.goto(`/accounts/${alice.currentId}?fromDate=2026-05-01&toDate=2026-04-01`);
    await expect(page.getByRole("alert").filter({ hasText: "From is after To" })).toBeVisible();
    await expect(table).toHaveCount(0);
    await expect(page.getByLabel("From", { exact: true })).toHaveValue("2026-05-01");
    await expect(page.getByLabel("To", { exact: true })).toHaveValue("2026-04-01");
    await expect(page).toHaveURL(/fromDate=2026-05-01&toDate=2026-04-01/);
    await expectAccessible(page, "account page with an impossible range");
  });

  await test.step("the monthly transfers to savings are own-account transfers, not money out", async () => {
    await page.goto(`/accounts/${alice.currentId}?q=${encodeURIComponent("Monthly savings")}`);
    const totals = page.getByTestId("transaction-totals");
    await expect(totals).toContainText(/transfers? between your own accounts .*left out of income and spending/);
    expect(moneyCents((await totals.locator('[data-total="outflow"]').textContent()) ?? "x")).toBe(0n);
    await expect(table.getByRole("row").nth(1)).toContainText("Own transfer");
    await expect(page.getByRole("list", { name: "Top counterparts" })).not.toContainText("Alice Martin");
    await expectAccessible(page, "account page");
  });

  await test.step("at 390×844 the first transaction's date, counterpart and amount are in view", async () => {
    const { phone, small } = await phoneBeside(browser, page);
    await small.goto(`/accounts/${alice.currentId}`);
    const first = small.getByRole("table", { name: "Transactions" }).getByRole("row").nth(1);
    await first.scrollIntoViewIfNeeded();
    // The description and status cells are hidden at this width: date, counterpart, amount remain.
    const cells = first.getByRole("cell");
    await expect(cells).toHaveCount(3);
    for (const cell of [cells.first(), cells.nth(1), cells.nth(2)]) {
      const box = await cell.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    }
    await expect(cells.nth(2)).toHaveText(/€/);
    // No sideways scrolling: nothing on the page reaches past the right edge (the message names what does).
    const wide = await small.evaluate(() =>
      [...document.querySelectorAll("body *")]
        .filter((el) => el.getBoundingClientRect().right > 391)

        .slice(-8)
        .map(
          (el) =>
            `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} right ${Math.round(el.getBoundingClientRect().right)} scroll ${el.scrollWidth}/${el.clientWidth}`,
        ),
    );
    expect(await small.evaluate(() => document.documentElement.scrollWidth), wide.join("\n")).toBeLessThanOrEqual(390);
    await expectAccessible(small, "account page on a phone");
    await uxShot(small, "phone-transactions");
    await phone.close();
  });
});
