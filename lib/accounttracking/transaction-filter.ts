// The filters of an account's transactions, shared by the list, its totals and its CSV export so the
// three always describe the same set. Rows are `t` (transactions) joined to their account `ta`.
export type TransactionsFilter = {
  fromDate?: string;
  toDate?: string;
  status?: "booked" | "pending";
  /** Words found in any of the bank's text fields (names, IBANs, remittance, references). */
  q?: string;
  /** Bounds on the amount's size (money in or out alike), inclusive; decimal strings. */
  minAmount?: string;
  maxAmount?: string;
  direction?: "in" | "out";
  /** Rows carry their scope: filtering on it makes a foreign account read as empty, never as data. */
  scopeId?: string;
};

const SEARCHED = [
  "remittance_information",
  "creditor_name",
  "ultimate_creditor",
  "debtor_name",
  "ultimate_debtor",
  "creditor_iban",
  "debtor_iban",
  "creditor_id",
  "mandate_id",
  "entry_reference",
  "external_id",
  "bank_transaction_code",
].map((c) => `t.${c}`);

/** WHERE conditions for account `$1`; pushes its parameters onto `values`. */
export function filterConditions(filter: TransactionsFilter, values: unknown[]): string[] {
  const where = ["t.account_id = $1", "t.removed_at IS NULL"];
  if (filter.scopeId) where.push(`t.scope_id = $${values.push(filter.scopeId)}::uuid`);
  if (filter.fromDate) where.push(`t.sort_date >= $${values.push(filter.fromDate)}`);
  if (filter.toDate) where.push(`t.sort_date <= $${values.push(filter.toDate)}`);
  if (filter.status) where.push(`t.status = $${values.push(filter.status)}::"TransactionStatus"`);
  if (filter.direction) where.push(filter.direction === "in" ? "t.amount > 0" : "t.amount < 0");
  if (filter.minAmount) where.push(`abs(t.amount) >= $${values.push(filter.minAmount)}::numeric`);
  if (filter.maxAmount) where.push(`abs(t.amount) <= $${values.push(filter.maxAmount)}::numeric`);
  // Every word must appear somewhere (IBANs are also matched without their spaces).
  for (const word of (filter.q ?? "").split(/\s+/).filter(Boolean).slice(0, 8)) {
    const p = `$${values.push(`%${word.replace(/[\\%_]/g, (m) => `\\${m}`)}%`)}`;
    where.push(
      `(concat_ws(' ', ${SEARCHED.join(", ")}) ILIKE ${p} OR replace(concat_ws(' ', t.creditor_iban, t.debtor_iban), ' ', '') ILIKE ${p})`,
    );
  }
  return where;
}
