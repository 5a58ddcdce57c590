// A person connects a bank through GoCardless Bank Account Data, here its local fake (the main e2e
// server runs with GOCARDLESS_FAKE=1). Connect page → the fake's hosted requisition page (sign in,
// choose accounts, approve) → back, track the shared account, its first sync, and the transactions
// on screen against what the fake bank holds, read from it over HTTP (not through our transform).
import { expect, test, type Locator } from "@playwright/test";
import { atFakeAggregatorBank, goToBank, pageScope, signUp } from "./helpers";
import { dataOf } from "./support/envelope";
import { goCardlessTotals, goCardlessTransactions, type GcTransaction } from "./support/gocardless";
import { E2E_DATA_DIR } from "./support/topology";

/** Money as the account page shows it (en-GB, with its sign). */
const shown = (amount: string, currency: string) =>
  new Intl.NumberFormat("en-GB", { style: "currency", currency, signDisplay: "exceptZero" }).format(Number(amount));
/** A bank date (YYYY-MM-DD) as the account page shows it. */
const day = (date: string) =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${date}T00:00:00Z`),
  );

/** A field of the transaction's detail ("As the bank sent it"). */
const field = (detail: Locator, label: string) => detail.locator(`div:has(> dt:text-is("${label}")) > dd`);

test("connect Kuusi Pankki through GoCardless, share one account, track it, see the bank's transactions", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, "GoCardless");
  await goToBank(page, "FI", "Kuusi Pankki");

  // GoCardless's (fake) requisition page on our origin: who, then which accounts under the agreement.
  await expect(page.getByText("Connect your account through GoCardless")).toBeVisible();
  await atFakeAggregatorBank(page, "gocardless-fake", {
    userId: "alice",
    unshared: /Debit card/,
    atAccounts: () => expect(page.getByText(/balances, details, transactions, 730 days of history/)).toBeVisible(),
  });

  await page.waitForURL(/\/connect\/result\?/);
  await expect(page.getByRole("heading", { name: /Kuusi Pankki.* is connected/ })).toBeVisible();
  // Only the account chosen at the bank is shared.
  const accounts = page.getByRole("group", { name: /^Accounts at Kuusi Pankki/ });
  await expect(accounts.getByRole("checkbox")).toHaveCount(1);
  await expect(accounts).toContainText(/FI\d{2}/);
  await page.getByRole("button", { name: "Track 1 account" }).click();

  await page.waitForURL(/\/accounts\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Synced", { exact: true })).toBeVisible({ timeout: 60_000 });

  // What the fake bank holds for the account: its own answer over HTTP, and its totals.
  const accountId = new URL(page.url()).pathname.split("/").at(-1) ?? "";
  const { headers } = await pageScope(page);
  const account = await page.request.get(`/api/accounttracking/v1/accounts/${accountId}`, { headers });
  expect(account.status(), await account.text()).toBe(200);
  const { bankAccountId, integrationName } = await dataOf<{ bankAccountId: string; integrationName: string }>(account);
  expect(integrationName).toBe("gocardless");
  const bank = await goCardlessTransactions(page.request, bankAccountId, E2E_DATA_DIR);
  const totals = await goCardlessTotals(page.request, bankAccountId);
  const count = bank.booked.length + bank.pending.length;
  expect(totals.booked + totals.pending, "the fake's answer holds all it has").toBe(count);
  expect(bank.booked.length).toBeGreaterThan(0);
  expect(bank.pending.length).toBeGreaterThan(0);

  // The account page: as many transactions as the bank holds, and the same net sum.
  const eur = page.getByTestId("transaction-totals").locator('[data-currency="EUR"]');
  await expect(eur).toContainText(`${count.toLocaleString("en-GB")} transactions`);
  await expect(eur.locator('[data-total="net"]')).toHaveText(shown(totals.sumByCurrency.EUR, "EUR"));

  // Two rows, found by the bank's id: the newest booked entry and the newest pending one.
  const table = page.getByRole("table", { name: "Transactions" });
  const status = page.getByRole("status", { name: "Loaded transactions" });
  const rows: [GcTransaction, "Booked" | "Pending"][] = [
    [bank.booked[0], "Booked"],
    [bank.pending[0], "Pending"],
  ];
  for (const [t, state] of rows) {
    const id = t.transactionId ?? "";
    const { amount, currency } = t.transactionAmount;
    await page.getByLabel("Search", { exact: true }).fill(id);
    await expect(status).toContainText("1 transaction loaded · all that match");
    const row = table.getByRole("row").nth(1);
    await expect(row).toContainText(day(state === "Booked" ? (t.bookingDate ?? "") : (t.valueDate ?? "")));
    await expect(row).toContainText(t.creditorName ?? t.debtorName ?? "");
    await expect(row).toContainText(t.remittanceInformationUnstructured ?? "");
    await row.getByRole("button").first().click();
    const detail = page.getByRole("dialog").first();
    await expect(detail).toContainText(shown(amount, currency));
    await expect(detail).toContainText(`${state} · money ${amount.startsWith("-") ? "out" : "in"}`);
    await expect(field(detail, "Bank's transaction id")).toHaveText(id);
    await expect(field(detail, "Entry reference")).toHaveText(t.entryReference ?? "");
    await expect(field(detail, "Value date")).toHaveText(day(t.valueDate ?? ""));
    await expect(field(detail, "Booking date")).toHaveText(t.bookingDate ? day(t.bookingDate) : "Not booked yet");
    await page.keyboard.press("Escape");
    await expect(detail).toBeHidden();
    // Back to every row (the list keeps the previous answer while the next loads, so the next
    // search must start from a view that cannot pass for its result).
    await page.getByLabel("Search", { exact: true }).fill("");
    await expect(status).toContainText("scroll for more");
  }
});
