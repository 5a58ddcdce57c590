// The ledger as a person uses it (issue 37): the sandbox user `alice` synced, her account's balance
// chart (its legend, and the figures table whose days and sources match the API's series), the span
// changed by keyboard; last month reconciled by typing the statement's figures (read here from the
// API's series for the month's two ends): a wrong closing figure first, refused with the server's
// words naming the days and the difference and the remedy to read them again from the bank, then
// the right one, marked reconciled with who; then reopened. The dashboard's sparkline, the page on a
// phone (no sideways scroll) and axe on the new parts.
import { expect, test, type Page } from "@playwright/test";
import { addDays } from "../lib/dates/days";
import { decimalSubtract } from "../lib/money/decimal";
import { moneyCents } from "./alice";
import { AxeAudit } from "./axe";
import { connectWithSession, signUp } from "./helpers";
import { runEnded, trackAccount } from "./support/connect";
import { dataOf } from "./support/envelope";
import { uxShot } from "./support/ux-shots";
import { monthBeforeBankBalances } from "../testing/support/ledger";

type Point = { date: string; amount: string; kind: string };
type Series = { currency: string; from: string; to: string; points: Point[] };
type Month = { month: string; status: string; opening: unknown; closing: unknown };

const today = () => new Date().toISOString().slice(0, 10);
const dayLabel = (date: string) =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${date}T00:00:00Z`),
  );
const monthLabel = (month: string) =>
  new Intl.DateTimeFormat("en-GB", { month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
/** "-1234.5" → hundredths, exactly (the API's decimal strings, against moneyCents of what the page shows). */
const cents = (amount: string) => moneyCents(amount);

async function series(page: Page, headers: Record<string, string>, id: string, from: string, to: string) {
  const res = await page.request.get(`/api/accounttracking/v1/accounts/${id}/balances?from=${from}&to=${to}`, {
    headers,
  });
  expect(res.status(), await res.text()).toBe(200);
  return dataOf<Series>(res);
}

async function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test("the balance chart, a month reconciled on its statement's figures (a wrong one refused first), reopened", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const audit = new AxeAudit();
  const person = await signUp(page, "Ledger");
  const { connection, headers } = await connectWithSession(page, "alice");
  const { account } = await trackAccount(page.request, headers, connection);
  expect((await runEnded(page.request, headers, account.id)).state).toBe("succeeded");
  await page.goto(`/accounts/${account.id}`);
  // The 90 days up to today, as the API gives them: the chart's default span, and where the bank's
  // balances are (the month the test closes is the last one before them).
  const known = await series(page, headers, account.id, addDays(today(), -89), today());

  await test.step("the balance chart: a legend in words and every day's figure and source in its table", async () => {
    await expect(page.getByRole("heading", { name: "Balance", exact: true })).toBeVisible();
    const legend = page.getByRole("list", { name: "Legend" });
    await expect(legend).toContainText("Given by the bank");
    await expect(legend).toContainText("Derived from transactions");
    const table = page.getByRole("table", { name: /^Balance at the end of each day, in EUR/ });
    const rows = table.locator("tbody tr");
    await expect(rows).toHaveCount(90);
    const given = known.points.filter((p) => p.kind === "bank");
    expect(given.length).toBeGreaterThan(0);
    await expect(rows.filter({ hasText: "Given by the bank" })).toHaveCount(given.length);
    for (const p of [given[0], known.points[0], known.points[89]]) {
      const row = rows.filter({ has: page.getByRole("rowheader", { name: dayLabel(p.date), exact: true }) });
      await expect(row).toHaveCount(1);
      expect(cents((await row.locator("td").first().textContent()) ?? "")).toBe(cents(p.amount));
      await expect(row.locator("td").nth(1)).toHaveText(
        p.kind === "bank" ? "Given by the bank" : "Derived from transactions",
      );
    }
    // The span by keyboard: a year, then 30 days; the pressed button says which is shown.
    const period = page.getByRole("group", { name: "Period" });
    await period.getByRole("button", { name: "1 year" }).focus();
    await page.keyboard.press("Enter");
    await expect(rows).toHaveCount(365);
    await expect(period.getByRole("button", { name: "1 year" })).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    await expect(period.getByRole("button", { name: "30 days" })).toBeFocused();
    await page.keyboard.press("Space");
    await expect(rows).toHaveCount(30);
    await expect(period.getByRole("button", { name: "90 days" })).toHaveAttribute("aria-pressed", "false");
    await audit.check(page, "account page with the balance chart and the months");
    await uxShot(
      page.locator("section").filter({ has: page.getByRole("heading", { name: "Balance", exact: true }) }),
      "ledger-balance-chart",
    );
  });

  // Closed on figures typed in: the last month over before the bank's first balance.
  const { month, openingDate, closingDate } = monthBeforeBankBalances(known.points);
  const name = monthLabel(month);
  const figures = await series(page, headers, account.id, openingDate, closingDate);
  const at = (date: string) => figures.points.find((p) => p.date === date)?.amount ?? "";
  const statement = { opening: at(openingDate), closing: at(closingDate) };
  const months = await dataOf<{ months: Month[] }>(
    await page.request.get(`/api/accounttracking/v1/accounts/${account.id}/reconciliation/months`, { headers }),
  );
  const line = months.months.find((m) => m.month === month);
  expect([line?.status, line?.opening, line?.closing]).toEqual(["balance_missing", null, null]);
  const row = page
    .getByRole("list", { name: "Months" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name, exact: true }) });
  const dialog = page.getByRole("dialog", { name: `Reconcile ${name}` });
  /** Types the statement's opening and closing figures (no balance is known for either end). */
  const typeFigures = async (opening: string, closing: string) => {
    await dialog.getByLabel(/^Opening balance/).fill(opening);
    await dialog.getByLabel(/^Closing balance/).fill(closing);
    await dialog.getByRole("button", { name: "Reconcile", exact: true }).click();
  };
  // The figure made wrong: the closing one, 10.00 too low.
  const wrong = {
    opening: statement.opening,
    closing: decimalSubtract(statement.closing, "10.00"),
    difference: "-10.00",
  };

  await test.step("a wrong figure: the server's words name the days and the difference; read them again", async () => {
    await expect(row.getByText("Balance missing")).toBeVisible();
    await row.getByRole("button", { name: `Reconcile ${name}` }).click();
    await expect(dialog).toBeVisible();
    await typeFigures(wrong.opening, wrong.closing);
    const refusal = dialog.getByRole("alert");
    await expect(refusal).toContainText(`${name} does not reconcile`);
    await expect(refusal).toContainText(
      `a difference of ${wrong.difference}, in ${addDays(openingDate, 1)} to ${closingDate}`,
    );
    await audit.check(page, "reconcile dialog, refused");
    await uxShot(page, "ledger-reconcile-refused");
    // The remedy: read the month again from the bank (an attended sync from its first day).
    await dialog.getByRole("button", { name: `Sync again from ${dayLabel(addDays(openingDate, 1))}` }).click();
    await expect(dialog.getByRole("status")).toContainText(
      `Reading the bank again from ${dayLabel(addDays(openingDate, 1))}`,
    );
    expect((await runEnded(page.request, headers, account.id)).state).toBe("succeeded");
  });

  await test.step("the statement's figures: reconciled, with who", async () => {
    await typeFigures(statement.opening, statement.closing);
    await expect(dialog).toBeHidden();
    await expect(row.getByText("Reconciled ✓")).toBeVisible();
    await expect(row).toContainText(`Reconciled by ${person.name}`);
    await uxShot(row, "ledger-month-reconciled");
    await expect(page.getByRole("status").filter({ hasText: `${name} reconciled.` })).toBeVisible();
    const after = await dataOf<{ months: Month[] }>(
      await page.request.get(`/api/accounttracking/v1/accounts/${account.id}/reconciliation/months`, { headers }),
    );
    expect(after.months.find((m) => m.month === month)?.status).toBe("reconciled");
  });

  await test.step("reopened after a confirmation", async () => {
    await row.getByRole("button", { name: `Reopen ${name}` }).click();
    const confirm = page.getByRole("dialog", { name: `Reopen ${name}?` });
    await expect(confirm.getByRole("button", { name: "Keep it reconciled" })).toBeFocused();
    await confirm.getByRole("button", { name: "Reopen", exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(row.getByText("Balance missing")).toBeVisible();
    await expect(row.getByRole("button", { name: `Reconcile ${name}` })).toBeVisible();
  });

  await test.step("the dashboard's sparkline, and the account page on a phone", async () => {
    await page.goto("/dashboard");
    await expect(page.getByRole("list", { name: "Tracked accounts" })).toContainText("Balance over 90 days:");
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      storageState: await page.context().storageState(),
    });
    const small = await phone.newPage();
    await small.goto(`/accounts/${account.id}`);
    await expect(small.getByRole("list", { name: "Legend" })).toBeVisible();
    await expect(small.getByRole("list", { name: "Months" })).toBeVisible();
    expect(await sidewaysScroll(small)).toBeLessThanOrEqual(0);
    await audit.check(small, "phone: account page with the balance chart and the months");
    for (const [title, file] of [
      ["Balance", "ledger-phone-balance"],
      ["Reconciliation", "ledger-phone-months"],
    ])
      await uxShot(
        small.locator("section").filter({ has: small.getByRole("heading", { name: title, exact: true }) }),
        file,
      );
    await phone.close();
  });

  expect(audit.findings, audit.report(audit.findings)).toEqual([]);
});
