// The filters of an account's transactions, shared by the list, its totals and its CSV export so the
// three always describe the same set. Rows are `t` (transactions) joined to their account `ta`.
export type TransactionsFilter = {
  fromDate?: string;
  toDate?: string;
  status?: "booked" | "pending";
  /**
   * Words each found in the bank's text fields (names, IBANs, remittance, references), or in the
   * name of the counterpart as the person set it up (its alias, or that of what it is consolidated
   * into), or, typed as a number ("81.48", "81,48"), equal to the amount's size.
   */
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
  "note",
].map((c) => `t.${c}`);
// A person's tags are searched as words too (each word must match somewhere).
SEARCHED.push("array_to_string(t.tags, ' ')");

/**
 * Effective counterparts (a person's binding, else the derived one) whose name as set up matches
 * `p`: the roots whose alias (else bank name) matches, and everything consolidated into them. The
 * alias and name conditions can each use their trigram index.
 */
function namedCounterparts(scope: string, p: string): string {
  return `coalesce(t.bound_counterpart_id, t.counterpart_id) IN (
    WITH RECURSIVE named AS (
      SELECT c.id FROM counterparts c
       WHERE c.scope_id = ${scope} AND c.merged_into_id IS NULL
         AND (c.alias ILIKE ${p} OR (c.alias IS NULL AND c.name ILIKE ${p}))
      UNION ALL
      SELECT c.id FROM counterparts c JOIN named ON c.merged_into_id = named.id WHERE c.scope_id = ${scope})
    SELECT id FROM named)`;
}

/** A word typed as an amount ("81.48", "81,48", "1200"), as a decimal string; else null. */
function amountOf(word: string): string | null {
  return /^\d{1,12}([.,]\d{1,2})?$/.test(word) ? word.replace(",", ".") : null;
}

/** The conditions every listing shares (dates, status, direction, amounts, words); `scope` is SQL for the scope id. */
function sharedConditions(filter: TransactionsFilter, values: unknown[], scope: string): string[] {
  const where: string[] = [];
  if (filter.fromDate) where.push(`t.sort_date >= $${values.push(filter.fromDate)}`);
  if (filter.toDate) where.push(`t.sort_date <= $${values.push(filter.toDate)}`);
  if (filter.status) where.push(`t.status = $${values.push(filter.status)}::"TransactionStatus"`);
  if (filter.direction) where.push(filter.direction === "in" ? "t.amount > 0" : "t.amount < 0");
  if (filter.minAmount) where.push(`abs(t.amount) >= $${values.push(filter.minAmount)}::numeric`);
  if (filter.maxAmount) where.push(`abs(t.amount) <= $${values.push(filter.maxAmount)}::numeric`);
  // Every word must appear somewhere (IBANs are also matched without their spaces).
  const words = (filter.q ?? "").split(/\s+/).filter(Boolean).slice(0, 8);
  for (const word of words) {
    const p = `$${values.push(`%${word.replace(/[\\%_]/g, (m) => `\\${m}`)}%`)}`;
    const amount = amountOf(word);
    where.push(
      `(concat_ws(' ', ${SEARCHED.join(", ")}) ILIKE ${p} OR replace(concat_ws(' ', t.creditor_iban, t.debtor_iban), ' ', '') ILIKE ${p}` +
        ` OR ${namedCounterparts(scope, p)}` +
        (amount ? ` OR abs(t.amount) = $${values.push(amount)}::numeric` : "") +
        ")",
    );
  }
  return where;
}

/** WHERE conditions for account `$1`; pushes its parameters onto `values`. */
export function filterConditions(filter: TransactionsFilter, values: unknown[]): string[] {
  const where = ["t.account_id = $1", "t.removed_at IS NULL"];
  const scope = filter.scopeId
    ? `$${values.push(filter.scopeId)}::uuid`
    : "(SELECT scope_id FROM tracked_accounts WHERE id = $1::uuid)";
  if (filter.scopeId) where.push(`t.scope_id = ${scope}`);
  return [...where, ...sharedConditions(filter, values, scope)];
}

/** WHERE conditions for every account of scope `$1` (or the one `accountId` names); pushes its parameters. */
export function scopeFilterConditions(
  filter: TransactionsFilter & { accountId?: string },
  values: unknown[],
): string[] {
  const where = ["t.scope_id = $1::uuid", "t.removed_at IS NULL"];
  if (filter.accountId) where.push(`t.account_id = $${values.push(filter.accountId)}::uuid`);
  return [...where, ...sharedConditions(filter, values, "$1::uuid")];
}
