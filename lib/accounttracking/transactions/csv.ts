// CSV export of a filtered set of an account's transactions, or of every account's (the Transactions
// page), one writer for both (RFC 4180, UTF-8, CRLF), newest first.
// Amounts are the bank's decimal strings, dates its date-only strings, unconverted. For people who
// open it in a spreadsheet: a UTF-8 byte order mark (without it Excel reads "Müller" as "MÃ¼ller"),
// the counterpart's name as they set it up beside the bank's, the account's name and IBAN on every
// row, and a file name saying which account and range. `excel-eu` is the same file with semicolons
// and a decimal comma, which is what Excel in Belgium, France or Germany opens as columns.
//
// Streamed: an account can have a million rows, so the file is never built whole. It is read in
// keyset pages, one page per chunk, each page read only when the client has taken the one before
// (no read-ahead), so memory stays at about one page and the first bytes leave after one query.
// No connection is held between pages: a slow download never ties up the pool. (So the pages are
// separate snapshots, as they were when the file was built whole: a sync that lands during a
// download can move a row from one page to another.)
import type pg from "pg";
import { readPoolAfterWrites } from "@/lib/accounttracking/accounts/read-after-writes";
import { pool, readPool } from "@/lib/db/client";
import { log } from "@/lib/log";
import { filterConditions, type TransactionsFilter } from "@/lib/accounttracking/transactions/filter";
import { SEARCH_MARKS, searchedPage } from "@/lib/accounttracking/transactions/search";
import { scopeRowsAfter, type RowKey, type ScopeFilter } from "@/lib/accounttracking/transactions/scope-transactions";
import {
  OWN_OF_ACCOUNT,
  SHOWN_TRANSACTIONS_FROM,
  TRANSACTION_COLUMNS,
  newestRowsShownSql,
  type TransactionRow,
} from "@/lib/accounttracking/transactions/transactions";

const PAGE = 5000;

/** As TransactionCsvQuery's `format` (lib/accounttracking/schemas.ts). */
export type CsvFormat = "csv" | "excel-eu";

/** The byte order mark, first in the file. */
const BOM = "\uFEFF";

type CsvRow = TransactionRow & { account_name: string | null; account_iban: string | null };

const HEADER = [
  "date",
  "bookingDate",
  "valueDate",
  "status",
  "amount",
  "currency",
  "counterpartName",
  "bankCounterpartName",
  "counterpartIban",
  "remittanceInformation",
  "ownAccountTransfer",
  "accountName",
  "accountIban",
  "note",
  "tags",
  "category",
  "creditorName",
  "creditorIban",
  "ultimateCreditor",
  "debtorName",
  "debtorIban",
  "ultimateDebtor",
  "creditorId",
  "mandateId",
  "bankTransactionCode",
  "entryReference",
  "bankTransactionId",
  "id",
];

/** How fields are separated and amounts written. */
type Dialect = { separator: "," | ";"; decimalComma: boolean };
const DIALECTS: Record<CsvFormat, Dialect> = {
  csv: { separator: ",", decimalComma: false },
  "excel-eu": { separator: ";", decimalComma: true },
};

/**
 * One field: quoted when needed; text that a spreadsheet would run as a formula (OWASP: = + - @,
 * tab, CR, and | for DDE) gets a leading '.
 */
function csvField(value: string | null, dialect: Dialect, text = true): string {
  let v = value ?? "";
  if (text && /^[=+\-@|\t\r]/.test(v)) v = `'${v}`;
  const special = dialect.separator === ";" ? /[";\r\n]/ : /[",\r\n]/;
  return special.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

function line(t: CsvRow, dialect: Dialect): string {
  const cells: [string | null, boolean?][] = [
    [t.sort_date],
    [t.booking_date],
    [t.value_date],
    [t.status],
    [dialect.decimalComma ? t.amount.replace(".", ",") : t.amount, false],
    [t.currency],
    [t.counterpart_display_name ?? t.other_party_name],
    [t.other_party_name],
    [t.other_party_iban],
    [t.remittance_information],
    [t.transfer_source ? "yes" : "no"],
    [t.account_name],
    [t.account_iban],
    [t.note],
    [(t.tags ?? []).join(" ")],
    [t.category?.name ?? null],
    [t.creditor_name],
    [t.creditor_iban],
    [t.ultimate_creditor],
    [t.debtor_name],
    [t.debtor_iban],
    [t.ultimate_debtor],
    [t.creditor_id],
    [t.mandate_id],
    [t.bank_transaction_code],
    [t.entry_reference],
    [t.external_id],
    [t.id],
  ];
  return cells.map(([v, text]) => csvField(v, dialect, text !== false)).join(dialect.separator);
}

/** One keyset page, newest first, after `after` (sort date, id); with words, in the search's steps. */
async function pageAfter(
  db: Pick<pg.Pool, "query">,
  accountId: string,
  filter: TransactionsFilter,
  after: RowKey | null,
): Promise<CsvRow[]> {
  const values: unknown[] = [accountId];
  const { where, search } = filterConditions(filter, values);
  if (after) where.push(`(t.sort_date, t.id) < ($${values.push(after[0])}, $${values.push(after[1])}::uuid)`);
  const columns = `${TRANSACTION_COLUMNS}, coalesce(ta.name, ta.product) AS account_name, ta.iban AS account_iban`;
  if (search) {
    const shown = (keys: string) => `WITH ${OWN_OF_ACCOUNT}, k AS (${keys})
      SELECT ${columns}, ${SEARCH_MARKS} FROM ${SHOWN_TRANSACTIONS_FROM} JOIN k ON k.id = t.id ORDER BY k.sort_date DESC, k.id DESC`;
    return (await searchedPage<CsvRow>(db, { values, where, search, limit: PAGE, shown })).rows;
  }
  const { rows } = await db.query<CsvRow>(
    newestRowsShownSql({ own: OWN_OF_ACCOUNT, columns, where, limit: String(PAGE) }),
    values,
  );
  return rows;
}

/** Reads the rows after a key (none: the first), a page at most, newest first. */
type PageReader = (after: RowKey | null) => Promise<CsvRow[]>;

/**
 * The rows `readPage` gives as a CSV byte stream: the header and each page's rows, every line ended
 * by CRLF. The first page is read before this returns, so a database that fails at once fails the
 * request (an error answer in the envelope), not a download that stops short.
 */
async function csvStream(readPage: PageReader, format: CsvFormat, about: object): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  const dialect = DIALECTS[format];
  let pending: CsvRow[] | null = await readPage(null);
  let header = `${BOM}${HEADER.join(dialect.separator)}\r\n`;
  let after: RowKey | null = null;
  let cancelled = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const rows = pending ?? (await readPage(after));
          pending = null;
          if (cancelled) return;
          const text = header + rows.map((r) => `${line(r, dialect)}\r\n`).join("");
          header = "";
          if (text) controller.enqueue(encoder.encode(text));
          if (rows.length < PAGE) controller.close();
          else after = [rows[rows.length - 1].sort_date, rows[rows.length - 1].id];
        } catch (error) {
          // The status and headers are sent: the client sees the download break off.
          log.error("CSV export failed mid-stream", { ...about, error });
          throw error;
        }
      },
      cancel() {
        cancelled = true;
      },
    },
    // Read a page only when the client asks for more.
    { highWaterMark: 0 },
  );
}

/** One account's filtered set as a CSV byte stream. */
export async function transactionsCsv(
  accountId: string,
  filter: TransactionsFilter,
  format: CsvFormat = "csv",
): Promise<ReadableStream<Uint8Array>> {
  // One source for the whole download, chosen once: the replica once it has the account's writes.
  const db = await readPoolAfterWrites(accountId);
  return csvStream((after) => pageAfter(db, accountId, filter, after), format, { accountId });
}

/**
 * Every account's filtered set (or the one `filter.accountId` names) as a CSV byte stream: the same
 * columns, each row naming its account and carrying its own currency. Only the scope's rows: an
 * account of another scope reads as none.
 */
export async function scopeTransactionsCsv(
  scopeId: string,
  filter: ScopeFilter,
  format: CsvFormat = "csv",
): Promise<ReadableStream<Uint8Array>> {
  const db = readPool();
  const readPage = async (after: RowKey | null) => (await scopeRowsAfter(db, scopeId, filter, after, PAGE)).rows;
  return csvStream(readPage, format, { scopeId });
}

/** A file name part: lower case ASCII letters, digits and dashes. */
function slug(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 40);
}

/** The file's name: what it holds (`label`, an account's name and IBAN's last 4) and the range. */
function fileNameOf(label: (string | null)[], filter: TransactionsFilter): string {
  const parts = label.map((l) => slug(l ?? ""));
  if (filter.fromDate || filter.toDate) parts.push(`${filter.fromDate ?? "start"}-to-${filter.toDate ?? "today"}`);
  else parts.push("all");
  return `${parts.filter(Boolean).join("-")}.csv`;
}

type Named = { name: string | null; iban: string | null };

function accountFileName(account: Named | undefined, filter: TransactionsFilter): string {
  return fileNameOf([slug(account?.name ?? "") || "transactions", (account?.iban ?? "").slice(-4)], filter);
}

/** "current-account-1705-2025-01-01-to-2025-06-30.csv": the account (name, IBAN's last 4) and the range. */
export async function csvFileName(accountId: string, filter: TransactionsFilter): Promise<string> {
  const { rows } = await pool().query<Named>(
    "SELECT coalesce(name, product) AS name, iban FROM tracked_accounts WHERE id = $1::uuid",
    [accountId],
  );
  return accountFileName(rows[0], filter);
}

/**
 * "transactions-all-accounts-all.csv", or, narrowed to one account of the scope, that account's name
 * as the person calls it (nickname first) and its IBAN's last 4.
 */
export async function scopeCsvFileName(scopeId: string, filter: ScopeFilter): Promise<string> {
  if (!filter.accountId) return fileNameOf(["transactions-all-accounts"], filter);
  const { rows } = await pool().query<Named>(
    "SELECT coalesce(nickname, name, product) AS name, iban FROM tracked_accounts WHERE id = $1::uuid AND scope_id = $2::uuid",
    [filter.accountId, scopeId],
  );
  return accountFileName(rows[0], filter);
}
