// CSV export of a filtered set of an account's transactions (RFC 4180, UTF-8, CRLF), newest first,
// read in keyset pages so a large account never sits in one result set. Amounts are the bank's
// decimal strings, dates its date-only strings, unconverted.
import { readPool } from "@/lib/db/client";
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

export async function transactionsCsv(
  accountId: string,
  filter: TransactionsFilter,
): Promise<{ text: string; rows: number }> {
  const out = [HEADER.join(",")];
  let after: [string, string] | null = null;
  for (;;) {
    const values: unknown[] = [accountId];
    const where = filterConditions(filter, values);
    if (after) where.push(`(t.sort_date, t.id) < ($${values.push(after[0])}, $${values.push(after[1])}::uuid)`);
    const { rows } = await readPool().query<TransactionRow>(
      `WITH ${OWN_OF_ACCOUNT} SELECT ${TRANSACTION_COLUMNS} FROM ${TRANSACTIONS_FROM}
        WHERE ${where.join(" AND ")} ORDER BY t.sort_date DESC, t.id DESC LIMIT ${PAGE}`,
      values,
    );
    for (const r of rows) out.push(line(r));
    if (rows.length < PAGE) break;
    const last = rows[rows.length - 1];
    after = [last.sort_date, last.id];
  }
  return { text: `${out.join("\r\n")}\r\n`, rows: out.length - 1 };
}
