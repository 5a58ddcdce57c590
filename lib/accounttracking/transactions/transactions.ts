// Reading transactions: keyset pagination over (sort_date, id), newest first, never OFFSET; plain
// SQL through pg on the (account_id, sort_date, id) index, as this is the hottest read.
import type pg from "pg";
import { notFound } from "@/lib/errors";
import { decodeCursor, pageOf } from "@/lib/pagination";
import { readPoolAfterWrites } from "@/lib/accounttracking/accounts/read-after-writes";
import type { Tx } from "@/lib/db/client";
import { query } from "@/lib/db/sql";
import { filterConditions, type TransactionsFilter } from "@/lib/accounttracking/transactions/filter";
import {
  SEARCH_MARKS,
  searchedPage,
  type AnsweredBy,
  type SearchPlan,
} from "@/lib/accounttracking/transactions/search";
import { ownCte, transferSourceSql, type TransferSource } from "@/lib/accounttracking/transactions/transfers";

export type { TransactionsFilter } from "@/lib/accounttracking/transactions/filter";

export type TransactionRow = {
  id: string;
  account_id: string;
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
  end_to_end_id: string | null;
  proprietary_bank_transaction_code: string | null;
  /** The other party (prisma/functions/01_other_party.sql): its name as the bank gives it, and its IBAN. */
  other_party_name: string | null;
  other_party_iban: string | null;
  counterpart_id: string | null;
  counterpart_bound: boolean;
  transfer_override: boolean | null;
  transfer_source: TransferSource | null;
  /** The counterpart's name as the person set it up (DISPLAY_NAME_JOIN); absent where not joined. */
  counterpart_display_name?: string | null;
  note: string | null;
  tags: string[] | null;
  /** The row's category as it is now named, and who set it (lib/categories). */
  category: { id: string; name: string; parentId: string | null } | null;
  category_source: "person" | "rule" | "counterpart" | null;
};

/**
 * `cp.display_name`: the name of row `t`'s effective counterpart as the person set it up, i.e. the
 * alias (else the bank's name) of the root it is consolidated into. A few primary-key lookups per
 * row (a chain is rarely more than one hop), so it is joined where rows are shown, not aggregated.
 */
export const DISPLAY_NAME_JOIN = `LEFT JOIN LATERAL (
  WITH RECURSIVE up(merged_into_id, label, depth) AS (
    SELECT c.merged_into_id, coalesce(c.alias, c.name), 0 FROM counterparts c
     WHERE c.id = coalesce(t.bound_counterpart_id, t.counterpart_id)
    UNION ALL
    SELECT n.merged_into_id, coalesce(n.alias, n.name), up.depth + 1
      FROM up JOIN counterparts n ON n.id = up.merged_into_id WHERE up.depth < 100)
  SELECT label AS display_name FROM up WHERE merged_into_id IS NULL LIMIT 1) cp ON true`;

/**
 * Columns of a transaction row `t` with its account `ta`, the scope's `own` IBANs and the row's
 * counterpart name `cp` (DISPLAY_NAME_JOIN) in the query, one by one.
 */
export const TRANSACTION_FIELDS: readonly string[] = [
  "t.id",
  "t.account_id",
  "t.external_id",
  "t.entry_reference",
  "t.status",
  "t.booking_date",
  "t.value_date",
  "t.sort_date",
  "t.amount::text AS amount",
  "t.currency",
  "t.creditor_name",
  "t.creditor_iban",
  "t.ultimate_creditor",
  "t.debtor_name",
  "t.debtor_iban",
  "t.ultimate_debtor",
  "t.remittance_information",
  "t.creditor_id",
  "t.mandate_id",
  "t.bank_transaction_code",
  "t.end_to_end_id",
  "t.proprietary_bank_transaction_code",
  // The other party, by the database's one definition of it (the same the counterpart keys and the
  // transfer rule read), so the API never restates which side that is.
  "ll_other_party_name(t.amount, t.creditor_name, t.ultimate_creditor, t.debtor_name, t.ultimate_debtor) AS other_party_name",
  "ll_other_party(t.amount, t.creditor_iban, t.debtor_iban) AS other_party_iban",
  "coalesce(t.bound_counterpart_id, t.counterpart_id) AS counterpart_id",
  "t.bound_counterpart_id IS NOT NULL AS counterpart_bound",
  "t.transfer_override",
  `${transferSourceSql("t", "ta.owner_name")} AS transfer_source`,
  // The person's own words: the counterpart's name as set up (needs DISPLAY_NAME_JOIN), note, tags.
  "cp.display_name AS counterpart_display_name",
  "t.note",
  "t.tags",
  // The category by primary key (one probe a row), named as the admins name it now.
  `(SELECT json_build_object('id', c.id, 'name', c.name, 'parentId', c.parent_id) FROM categories c
     WHERE c.id = t.category_id) AS category`,
  "t.category_source",
];
export const TRANSACTION_COLUMNS = TRANSACTION_FIELDS.join(", ");

/** FROM clause for one account ($1): its rows, the account, and the scope's own IBANs (for aggregates). */
const FROM = `transactions t JOIN tracked_accounts ta ON ta.id = t.account_id CROSS JOIN own`;
/** FROM for rows that are shown (TRANSACTION_COLUMNS): with their counterparts' names as set up. */
const SHOWN_FROM = `${FROM} ${DISPLAY_NAME_JOIN}`;
const OWN_OF_ACCOUNT = ownCte("(SELECT scope_id FROM tracked_accounts WHERE id = $1::uuid)");

/**
 * A keyset page in one statement: the newest `limit` rows matching `where` (conditions on `t` alone),
 * chosen first, and only then shown as `columns` (TRANSACTION_COLUMNS and what the caller adds), with
 * `own` the scope's own IBANs (ownCte). The rows are chosen in a subquery so that what showing a row
 * costs (its counterpart's name, a recursive lookup; the transfer rule; the category) is spent on the
 * page's rows alone, whatever plan the statistics lead to: written as one SELECT, the planner showed
 * every row of the account and sorted them after, whenever its statistics said the account was small
 * (an account is new or has grown since the last ANALYZE after every first sync). A page of 100 of a
 * 1,000-row account then took 4.5–7 ms of the database instead of 1.5 ms (docs/benchmarks.md).
 */
export function newestRowsShownSql(options: { own: string; columns: string; where: string[]; limit: string }): string {
  const { own, columns, where, limit } = options;
  return `WITH ${own} SELECT ${columns}
    FROM (SELECT t.* FROM transactions t WHERE ${where.join(" AND ")}
           ORDER BY t.sort_date DESC, t.id DESC LIMIT ${limit}) t
    JOIN tracked_accounts ta ON ta.id = t.account_id CROSS JOIN own ${DISPLAY_NAME_JOIN}
   ORDER BY t.sort_date DESC, t.id DESC`;
}

export function serializeTransaction(t: TransactionRow) {
  return {
    id: t.id,
    accountId: t.account_id,
    bankTransactionId: t.external_id,
    entryReference: t.entry_reference,
    status: t.status,
    bookingDate: t.booking_date,
    valueDate: t.value_date,
    amount: t.amount,
    currency: t.currency,
    counterpartName: t.other_party_name,
    counterpartIban: t.other_party_iban,
    counterpartDisplayName: t.counterpart_display_name ?? t.other_party_name,
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
    endToEndId: t.end_to_end_id,
    proprietaryBankTransactionCode: t.proprietary_bank_transaction_code,
    // The counterpart it counts under: a person's binding, else the one derived from the bank data.
    counterpartId: t.counterpart_id,
    counterpartBound: t.counterpart_bound,
    isTransfer: t.transfer_source !== null,
    transferSource: t.transfer_source,
    transferOverride: t.transfer_override,
    note: t.note,
    tags: t.tags ?? [],
    category: t.category,
    categorySource: t.category_source,
  };
}

type ListFilter = TransactionsFilter & { perPage: number; cursor?: string };

/** What a transactions cursor is bound to: the account and the filters of the page it came from. */
export function transactionsList(accountId: string, filter: TransactionsFilter) {
  const { fromDate, toDate, status, q, minAmount, maxAmount, direction, category } = filter;
  return {
    name: `transactions:${accountId}`,
    filters: { fromDate, toDate, status, q, minAmount, maxAmount, direction, category },
  };
}

/** A page's values and conditions: the filter's and the cursor's. */
function pageConditions(accountId: string, filter: ListFilter) {
  const values: unknown[] = [accountId];
  const conditions = filterConditions(filter, values);
  const after = decodeCursor(transactionsList(accountId, filter), filter.cursor, 2);
  if (after)
    conditions.where.push(
      `(t.sort_date, t.id) < ($${values.push(String(after[0]))}, $${values.push(String(after[1]))}::uuid)`,
    );
  return { values, conditions };
}

/** The keyset query in one statement over `where`; pushes the limit onto `values`. */
function oneStatement(values: unknown[], where: string[], perPage: number): { text: string; values: unknown[] } {
  values.push(perPage + 1);
  return {
    text: newestRowsShownSql({ own: OWN_OF_ACCOUNT, columns: TRANSACTION_COLUMNS, where, limit: `$${values.length}` }),
    values,
  };
}

/** The keyset query in one statement (words tested row by row), as the benchmark's raw baseline runs it. */
export function transactionsQuery(accountId: string, filter: ListFilter): { text: string; values: unknown[] } {
  const { values, conditions } = pageConditions(accountId, filter);
  const { where, search } = conditions;
  return oneStatement(values, search ? [...where, search.scan] : where, filter.perPage);
}

/** A page's rows (perPage + 1 at most); with words, in the search's steps (transaction-search.ts). */
export async function transactionsPage(
  db: Pick<pg.Pool, "query">,
  accountId: string,
  filter: ListFilter,
  plan?: SearchPlan,
): Promise<{ rows: TransactionRow[]; answeredBy: AnsweredBy | null }> {
  const { values, conditions } = pageConditions(accountId, filter);
  const { where, search } = conditions;
  if (!search) {
    const { rows } = await db.query<TransactionRow>(oneStatement(values, where, filter.perPage));
    return { rows, answeredBy: null };
  }
  return searchedPage<TransactionRow>(
    db,
    {
      values,
      where,
      search,
      limit: filter.perPage + 1,
      shown: (keys) => `WITH ${OWN_OF_ACCOUNT}, k AS (${keys})
        SELECT ${TRANSACTION_COLUMNS}, ${SEARCH_MARKS} FROM ${SHOWN_FROM} JOIN k ON k.id = t.id
         ORDER BY k.sort_date DESC, k.id DESC`,
    },
    plan,
  );
}

export async function listTransactions(accountId: string, filter: ListFilter) {
  const db = await readPoolAfterWrites(accountId);
  const { rows } = await transactionsPage(db, accountId, filter);
  const page = pageOf(transactionsList(accountId, filter), rows, filter.perPage, (r) => [r.sort_date, r.id]);
  return { items: page.items.map(serializeTransaction), meta: page.meta };
}

/** One transaction of the scope, serialised like the list's rows. */
export async function getTransaction(db: Tx, scopeId: string, id: string) {
  const rows = await query<TransactionRow>(
    db,
    `WITH ${ownCte("$2::uuid")} SELECT ${TRANSACTION_COLUMNS} FROM transactions t JOIN tracked_accounts ta ON ta.id = t.account_id
      CROSS JOIN own ${DISPLAY_NAME_JOIN} WHERE t.id = $1::uuid AND t.scope_id = $2::uuid AND t.removed_at IS NULL`,
    id,
    scopeId,
  );
  if (!rows[0]) throw notFound("Transaction");
  return serializeTransaction(rows[0]);
}

export { FROM as TRANSACTIONS_FROM, SHOWN_FROM as SHOWN_TRANSACTIONS_FROM, OWN_OF_ACCOUNT };
