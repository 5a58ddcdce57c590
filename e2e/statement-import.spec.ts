// Importing statement files on an account's page (issue 37), as a person would: alice's current
// account is synced from the sandbox bank; a CSV export of her own booked transactions, in a layout
// the app does not know (`;`, decimal comma with a point for thousands, DD.MM.YYYY, unknown column
// names), is mapped column by column, imported, and every entry is found already there from the bank
// (nothing added). The same file again is "already imported", with the layout remembered. A camt.053
// of another bank's account is refused with the server's reason, naming the statement.
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { connectAlice, expectAccessible } from "./alice";
import { signUp } from "./helpers";
import { dataOf } from "./support/envelope";

type Row = {
  status: "booked" | "pending";
  bookingDate: string | null;
  valueDate: string | null;
  amount: string;
  currency: string;
  creditorName: string | null;
  creditorIban: string | null;
  debtorName: string | null;
  debtorIban: string | null;
  remittanceInformation: string | null;
};
type Imported = { state: string; error: string | null; counts: { entries: number; added: number; matched: number } };

const OTHER_ACCOUNTS_CAMT = "/work/shared/spec/bank-statements/camt053/samples/abnamro_example_camt053_v02.xml";
const ENTRIES = 30;

/** "2026-03-05" → "05.03.2026". */
const dmy = (day: string) => day.split("-").reverse().join(".");
/** "-1234.5" → "-1.234,50": decimal comma, a point between thousands (string work, no floats). */
function germanAmount(amount: string): string {
  const [whole, fraction = ""] = amount.replace(/^[-+]/, "").split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `${amount.startsWith("-") ? "-" : ""}${grouped},${fraction.padEnd(2, "0")}`;
}
const quoted = (text: string | null) => `"${(text ?? "").replace(/"/g, '""')}"`;

/** The account's booked transactions as a bank's CSV export the app has never seen. */
function exportOf(rows: Row[]): string {
  const lines = rows.map((r) => {
    // The other party of the entry: the creditor of money out, the debtor of money in.
    const out = r.amount.startsWith("-");
    return [
      dmy(r.bookingDate ?? ""),
      r.valueDate ? dmy(r.valueDate) : "",
      germanAmount(r.amount),
      r.currency,
      quoted(out ? r.creditorName : r.debtorName),
      quoted(out ? r.creditorIban : r.debtorIban),
      quoted(r.remittanceInformation),
    ].join(";");
  });
  return ["Tag;Wertstellung;Summe;Whg;Wer;Konto der Gegenseite;Wofuer", ...lines].join("\n") + "\n";
}

/** Each column's select, the role chosen there (as shown) and its value. */
const ROLES: [string, string, string][] = [
  ["Role of column 1 (Tag)", "Booking date", "bookingDate"],
  ["Role of column 2 (Wertstellung)", "Value date", "valueDate"],
  ["Role of column 3 (Summe)", "Amount (signed)", "amount"],
  ["Role of column 4 (Whg)", "Currency", "currency"],
  ["Role of column 5 (Wer)", "Counterpart name", "counterpartName"],
  ["Role of column 6 (Konto der Gegenseite)", "Counterpart IBAN", "counterpartIban"],
  ["Role of column 7 (Wofuer)", "Remittance information", "remittanceInformation"],
];

async function chooseFile(page: Page, name: string, content: string, mimeType: string) {
  await page.getByLabel("Statement file").setInputFiles({ name, mimeType, buffer: Buffer.from(content) });
}

test("map a bank's unknown CSV, import it (all matched), import it again (already), refuse another account's camt.053", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signUp(page, "Importer");
  const alice = await connectAlice(page);
  const base = `/api/accounttracking/v1/accounts/${alice.currentId}`;
  const listed = await page.request.get(`${base}/transactions?perPage=200&status=booked`, { headers: alice.headers });
  const booked = (await dataOf<Row[]>(listed)).filter((r) => r.bookingDate && !/^-?0*\.?0*$/.test(r.amount));
  const rows = booked.slice(0, ENTRIES);
  expect(rows.length).toBe(ENTRIES);
  const csv = exportOf(rows);
  const transactionCount = async () =>
    (await dataOf<{ count: number }>(await page.request.get(`${base}/transactions/totals`, { headers: alice.headers })))
      .count;
  const countBefore = await transactionCount();

  await page.goto(`/accounts/${alice.currentId}`);
  const section = page.locator("section", { has: page.getByRole("heading", { name: "Statements", exact: true }) });
  await expect(section.getByText("No statement imported yet")).toBeVisible();

  // The CSV: previewed, then mapped column by column.
  await chooseFile(page, "kontoauszug.csv", csv, "text/csv");
  const mapper = page.getByRole("form", { name: "Map the columns" });
  await expect(mapper).toBeVisible();
  await expect(mapper.getByRole("heading", { name: "Map the columns" })).toBeFocused();
  for (const [label, role] of ROLES) await mapper.getByLabel(label, { exact: true }).selectOption({ label: role });
  await mapper.getByLabel("Date format").selectOption("DD.MM.YYYY");
  await mapper.getByLabel("Decimal separator").selectOption({ label: "Comma (1,50)" });
  await mapper.getByLabel("Thousands separator").selectOption({ label: "Point (1.000)" });
  await expect(mapper.getByLabel("The first row is a header")).toBeChecked();
  await mapper.getByLabel("Layout name").fill("Alice's bank export");
  await expectAccessible(page, "the column mapper");
  await mapper.getByRole("button", { name: "Save layout and import" }).click();

  // The progress bar runs to its end, then the counts: every entry was there from the bank.
  const progress = page.getByRole("progressbar", { name: "Import progress" });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute("aria-valuenow", "100", { timeout: 60_000 });
  await expect(progress).toHaveAttribute("aria-valuetext", /^Imported\. 100% of the file read$/);
  await expect(page.getByTestId("import-counts")).toHaveText(`0 added, ${ENTRIES} already there from the bank.`);
  await expectAccessible(page, "an import's outcome");
  const imports = await dataOf<Imported[]>(await page.request.get(`${base}/statements`, { headers: alice.headers }));
  expect(imports.map((i) => [i.state, i.counts.entries, i.counts.added, i.counts.matched])).toEqual([
    ["succeeded", ENTRIES, 0, ENTRIES],
  ]);
  expect(await transactionCount()).toBe(countBefore);
  const past = page.getByRole("table", { name: "Past imports" });
  await expect(past.getByRole("row").filter({ hasText: "kontoauszug.csv" })).toContainText(
    `0 added, ${ENTRIES} already there from the bank`,
  );

  // The same file again: the saved layout is filled in, and the upload finds the earlier import.
  await page.getByRole("button", { name: "Import another file" }).click();
  await chooseFile(page, "kontoauszug.csv", csv, "text/csv");
  await expect(mapper).toContainText(
    "Your saved layout “Alice's bank export” for files with this header is filled in.",
  );
  for (const [label, , value] of ROLES) await expect(mapper.getByLabel(label, { exact: true })).toHaveValue(value);
  await mapper.getByRole("button", { name: "Save layout and import" }).click();
  await expect(
    page.getByText(/^Already imported on \d{1,2} \w{3,4} \d{4}, \d\d:\d\d: this file is in the account once/),
  ).toBeVisible();
  await expect(page.getByTestId("import-counts")).toHaveText(`0 added, ${ENTRIES} already there from the bank.`);
  expect(
    (await dataOf<Imported[]>(await page.request.get(`${base}/statements`, { headers: alice.headers }))).length,
  ).toBe(1);

  // Another bank's account in a camt.053: straight to Import (no mapper), then refused with the server's words.
  await page.getByRole("button", { name: "Import another file" }).click();
  await chooseFile(page, "abnamro.xml", readFileSync(OTHER_ACCOUNTS_CAMT, "utf8"), "application/xml");
  await expect(page.getByText(/^A camt\.053 statement: abnamro\.xml/)).toBeVisible();
  await expect(mapper).toHaveCount(0);
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(progress).toHaveAttribute("aria-valuetext", /^Not imported\./, { timeout: 60_000 });
  const [latest] = await dataOf<Imported[]>(await page.request.get(`${base}/statements`, { headers: alice.headers }));
  expect(latest.state).toBe("failed");
  // The server's reason names the statement and the line it is on.
  expect(latest.error).toMatch(/line \d+: statement 1 .* not this account/);
  await expect(page.getByRole("alert").filter({ hasText: latest.error ?? "(none)" })).toBeVisible();
  await expect(past.getByRole("row").filter({ hasText: "abnamro.xml" })).toContainText(latest.error ?? "(none)");
  await expectAccessible(page, "a refused import");

  // On a phone: the section is there to scroll to, its file input reachable, its list stacked.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const input = page.getByLabel("Statement file");
  await input.scrollIntoViewIfNeeded();
  await input.focus();
  await expect(input).toBeFocused();
  await expect(past.getByRole("row").filter({ hasText: "kontoauszug.csv" })).toBeVisible();
  await expectAccessible(page, "the section on a phone");
});
