// CSV export of a filtered set of an account's transactions (RFC 4180, UTF-8, CRLF), newest first.
// Amounts are the bank's decimal strings, dates its date-only strings, unconverted.
//
// Streamed: an account can have a million rows, so the file is never built whole. It is read in
// keyset pages, one page per chunk, each page read only when the client has taken the one before
// (no read-ahead), so memory stays at about one page and the first bytes leave after one query.
// No connection is held between pages: a slow download never ties up the pool. (So the pages are
// separate snapshots, as they were when the file was built whole: a sync that lands during a
// download can move a row from one page to another.)
import type pg from "pg";
import { readPoolAfterWrites } from "@/lib/accounttracking/read-after-writes";
import { log } from "@/lib/log";
import { filterConditions, type TransactionsFilter } from "@/lib/accounttracking/transaction-filter";
import {
  OWN_OF_ACCOUNT,
  TRANSACTION_COLUMNS,
  TRANSACTIONS_FROM,
  counterpartOf,
  type TransactionRow,
} from "@/lib/accounttracking/transactions";

const PAGE = 5000;

const HEADER = [
  "date",
  "bookingDate",
  "valueDate",
  "status",
  "amount",
  "currency",
  "counterpart",
  "counterpartIban",
  "remittanceInformation",
  "ownAccountTransfer",
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

/** One field: quoted when needed; text that a spreadsheet would run as a formula gets a leading '. */
function csvField(value: string | null, text = true): string {
  let v = value ?? "";
  if (text && /^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

function line(t: TransactionRow): string {
  const debit = t.amount.startsWith("-");
  const cells: [string | null, boolean?][] = [
    [t.sort_date],
    [t.booking_date],
    [t.value_date],
    [t.status],
    [t.amount, false],
    [t.currency],
    [counterpartOf(t)],
    [debit ? t.creditor_iban : t.debtor_iban],
    [t.remittance_information],
    [t.transfer_source ? "yes" : "no"],
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
  return cells.map(([v, text]) => csvField(v, text !== false)).join(",");
}

/** One keyset page, newest first, after `after` (sort date, id). */
async function pageAfter(
  db: Pick<pg.Pool, "query">,
  accountId: string,
  filter: TransactionsFilter,
  after: [string, string] | null,
): Promise<TransactionRow[]> {
  const values: unknown[] = [accountId];
  const where = filterConditions(filter, values);
  if (after) where.push(`(t.sort_date, t.id) < ($${values.push(after[0])}, $${values.push(after[1])}::uuid)`);
  const { rows } = await db.query<TransactionRow>(
    `WITH ${OWN_OF_ACCOUNT} SELECT ${TRANSACTION_COLUMNS} FROM ${TRANSACTIONS_FROM}
      WHERE ${where.join(" AND ")} ORDER BY t.sort_date DESC, t.id DESC LIMIT ${PAGE}`,
    values,
  );
  return rows;
}

/**
 * The filtered set as a CSV byte stream: the header and each page's rows, every line ended by CRLF.
 * The first page is read before this returns, so a database that fails at once fails the request
 * (an error answer in the envelope), not a download that stops short.
 */
export async function transactionsCsv(
  accountId: string,
  filter: TransactionsFilter,
): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  // One source for the whole download, chosen once: the replica once it has the account's writes.
  const db = await readPoolAfterWrites(accountId);
  let pending: TransactionRow[] | null = await pageAfter(db, accountId, filter, null);
  let header = `${HEADER.join(",")}\r\n`;
  let after: [string, string] | null = null;
  let cancelled = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const rows = pending ?? (await pageAfter(db, accountId, filter, after));
          pending = null;
          if (cancelled) return;
          const text = header + rows.map((r) => `${line(r)}\r\n`).join("");
          header = "";
          if (text) controller.enqueue(encoder.encode(text));
          if (rows.length < PAGE) controller.close();
          else after = [rows[rows.length - 1].sort_date, rows[rows.length - 1].id];
        } catch (error) {
          // The status and headers are sent: the client sees the download break off.
          log.error("CSV export failed mid-stream", { accountId, error });
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
