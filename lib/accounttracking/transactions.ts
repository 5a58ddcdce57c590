// Reading transactions: keyset pagination over (sort_date, id), newest first, never OFFSET; plain
// SQL through pg on the (account_id, sort_date, id) index, as this is the hottest read.
import { decodeCursor, encodeCursor } from "@/lib/api/pagination";
import { pool } from "@/lib/db/client";

export type TransactionRow = {
  id: string;
  external_id: string;
  entry_reference: string | null;
  status: "booked" | "pending";
  booking_date: string | null;
  value_date: string | null;
  sort_date: string;
  amount: string;
  currency: string;
  creditor_name: string | null;
  creditor_iban: string | null;
  ultimate_creditor: string | null;
  debtor_name: string | null;
  debtor_iban: string | null;
  ultimate_debtor: string | null;
  remittance_information: string | null;
  creditor_id: string | null;
  mandate_id: string | null;
  bank_transaction_code: string | null;
  counterpart_id: string | null;
  counterpart_bound: boolean;
};

const SELECT = `SELECT id, external_id, entry_reference, status, booking_date, value_date, sort_date, amount::text AS amount, currency,
  creditor_name, creditor_iban, ultimate_creditor, debtor_name, debtor_iban, ultimate_debtor, remittance_information,
  creditor_id, mandate_id, bank_transaction_code,
  coalesce(bound_counterpart_id, counterpart_id) AS counterpart_id, bound_counterpart_id IS NOT NULL AS counterpart_bound FROM transactions`;

/** The other party: the creditor on a debit, the debtor on a credit (the ultimate party when named). */
export function counterpartOf(t: Pick<TransactionRow, "amount" | "creditor_name" | "ultimate_creditor" | "debtor_name" | "ultimate_debtor">) {
  const debit = t.amount.startsWith("-");
  return debit ? (t.ultimate_creditor ?? t.creditor_name) : (t.ultimate_debtor ?? t.debtor_name);
}

export function serializeTransaction(t: TransactionRow) {
  return {
    id: t.id,
    bankTransactionId: t.external_id,
    entryReference: t.entry_reference,
    status: t.status,
    bookingDate: t.booking_date,
    valueDate: t.value_date,
    amount: t.amount,
    currency: t.currency,
    counterpartName: counterpartOf(t),
    creditorName: t.creditor_name,
    creditorIban: t.creditor_iban,
    ultimateCreditor: t.ultimate_creditor,
    debtorName: t.debtor_name,
    debtorIban: t.debtor_iban,
    ultimateDebtor: t.ultimate_debtor,
    remittanceInformation: t.remittance_information,
    creditorId: t.creditor_id,
    mandateId: t.mandate_id,
    bankTransactionCode: t.bank_transaction_code,
    // The counterpart it counts under: a person's binding, else the one derived from the bank data.
    counterpartId: t.counterpart_id,
    counterpartBound: t.counterpart_bound,
  };
}

export type TransactionsFilter = {
  fromDate?: string;
  toDate?: string;
  status?: "booked" | "pending";
  perPage: number;
  cursor?: string;
  /** Rows carry their scope: filtering on it makes a foreign account read as empty, never as data. */
  scopeId?: string;
};

/** What a transactions cursor is bound to: the account and the filters of the page it came from. */
export function transactionsList(accountId: string, filter: TransactionsFilter) {
  return { name: `transactions:${accountId}`, filters: { fromDate: filter.fromDate, toDate: filter.toDate, status: filter.status } };
}

/** The keyset query, shared by the API and the benchmark's raw baseline. */
export function transactionsQuery(accountId: string, filter: TransactionsFilter): { text: string; values: unknown[] } {
  const values: unknown[] = [accountId];
  const where = ["account_id = $1", "removed_at IS NULL"];
  if (filter.scopeId) where.push(`scope_id = $${values.push(filter.scopeId)}::uuid`);
  if (filter.fromDate) where.push(`sort_date >= $${values.push(filter.fromDate)}`);
  if (filter.toDate) where.push(`sort_date <= $${values.push(filter.toDate)}`);
  if (filter.status) where.push(`status = $${values.push(filter.status)}::"TransactionStatus"`);
  const after = decodeCursor(transactionsList(accountId, filter), filter.cursor, 2);
  if (after) where.push(`(sort_date, id) < ($${values.push(String(after[0]))}, $${values.push(String(after[1]))}::uuid)`);
  values.push(filter.perPage + 1);
  return { text: `${SELECT} WHERE ${where.join(" AND ")} ORDER BY sort_date DESC, id DESC LIMIT $${values.length}`, values };
}

export async function listTransactions(accountId: string, filter: TransactionsFilter) {
  const { rows } = await pool().query<TransactionRow>(transactionsQuery(accountId, filter));
  const hasMore = rows.length > filter.perPage;
  const items = hasMore ? rows.slice(0, filter.perPage) : rows;
  const last = items.at(-1);
  return {
    items: items.map(serializeTransaction),
    meta: { page: { perPage: filter.perPage, nextCursor: hasMore && last ? encodeCursor(transactionsList(accountId, filter), [last.sort_date, last.id]) : null } },
  };
}
