// A statement entry as the row the sync's write path stores (lib/sync/upsert.ts RowToWrite): the
// bank columns under the Transaction model's names (lib/statements/model.ts uses the same), and the
// file's own ids and facts beside them. Pure.
//
// The row's bank id (external_id) for an entry only a file brought: `stmt_` and a digest of what the
// file says of it (its own reference, dates, amount, currency, parties, texts), numbered like the
// sync's id-less entries when a file holds the same entry twice (`stmt_…`, `stmt_….1`: two coffees of
// one price on one day are two entries). No bank sends ids of that shape, so a file's row never takes
// the place of a bank's by its id; the bank's entry pairs with it by reconcile's keys instead
// (lib/sync/reconcile.ts), and the row then takes the bank's id. The same entry in a second file gets
// the same id, so a write that reaches a stored row updates it instead of doubling it.
//
// camt.053 batch details are kept on the row as JSON (`statement_facts.details`), each with its own
// amount, parties, references and remittance, not as rows of their own: the bank booked the batch
// as one entry of the total, the balances count it once, and the PSD2 feed lists it once, so it must
// stay one row to pair with the bank's and to reconcile; the details are what a person opens it for.
import { hash } from "node:crypto";
import type { StatementEntry, StatementEntryDetail, StatementHeader } from "@/lib/statements/model";
import type { RowToWrite } from "@/lib/sync/upsert";

/** The entry's own reference in its file: the bank's, else where it stands in the file. */
export function entryRefOf(entry: StatementEntry): string {
  if (entry.accountServicerReference) return entry.accountServicerReference;
  if (entry.origin.path) return entry.origin.path;
  return entry.origin.line !== null ? `line ${entry.origin.line}` : `entry ${entry.origin.ordinal ?? "?"}`;
}

/** The day a row sorts by: booking date, else value date (as the sync's sort_date). */
export const entryDay = (entry: Pick<StatementEntry, "bookingDate" | "valueDate">): string | null =>
  entry.bookingDate ?? entry.valueDate;

/** Only what is set: a row of 100,000 keeps no nulls. */
function present<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, v]) => v !== null && v !== false && !(Array.isArray(v) && v.length === 0)),
  ) as Partial<T>;
}

function detailFacts(detail: StatementEntryDetail) {
  return present({
    amount: detail.amount,
    currency: detail.currency,
    isAmountInherited: detail.isAmountInherited,
    accountServicerReference: detail.accountServicerReference,
    endToEndId: detail.endToEndId,
    mandateId: detail.mandateId,
    creditorId: detail.creditorId,
    creditorName: detail.creditorName,
    creditorIban: detail.creditorIban,
    ultimateCreditor: detail.ultimateCreditor,
    debtorName: detail.debtorName,
    debtorIban: detail.debtorIban,
    ultimateDebtor: detail.ultimateDebtor,
    remittanceInformation: detail.remittanceInformation,
    structuredReference: detail.structuredReference,
    bankTransactionCode: detail.bankTransactionCode,
    proprietaryBankTransactionCode: detail.proprietaryBankTransactionCode,
    returnReason: detail.returnReason,
    path: detail.origin.path,
  });
}

/** What the file says of the entry beyond the bank columns (transactions.statement_facts). */
export function entryFacts(entry: StatementEntry, header: StatementHeader) {
  return present({
    format: header.format,
    statementId: header.statementId,
    line: entry.origin.line,
    path: entry.origin.path,
    accountServicerReference: entry.accountServicerReference,
    additionalInformation: entry.additionalInformation,
    structuredReference: entry.structuredReference,
    returnReason: entry.returnReason,
    isReversal: entry.isReversal,
    details: entry.details.map(detailFacts),
  });
}

/** The digest part of an entry's file id (before its occurrence number). */
export function entryBaseId(entry: StatementEntry): string {
  const content = [
    entry.accountServicerReference,
    entry.entryReference,
    entry.bookingDate,
    entry.valueDate,
    entry.amount,
    entry.currency,
    entry.creditorName,
    entry.creditorIban,
    entry.debtorName,
    entry.debtorIban,
    entry.endToEndId,
    entry.remittanceInformation,
    entry.additionalInformation,
  ];
  return `stmt_${hash("sha256", JSON.stringify(content), "hex").slice(0, 32)}`;
}

/**
 * Numbers the file ids of one import: the first entry of a content keeps its id, the k-th gets
 * `<id>.<k>`. One per import, kept across its batches.
 */
export function fileIdNumbering(): (entry: StatementEntry) => string {
  const seen = new Map<string, number>();
  return (entry) => {
    const base = entryBaseId(entry);
    const k = seen.get(base) ?? 0;
    seen.set(base, k + 1);
    return k === 0 ? base : `${base}.${k}`;
  };
}

/** The row an entry becomes: booked, under its file id, with the file's ids and facts. */
export function entryRow(
  entry: StatementEntry,
  header: StatementHeader,
  externalId: string,
  importId: string,
): RowToWrite {
  return {
    externalId,
    derivedId: false,
    entryReference: entry.entryReference,
    status: "booked",
    bookingDate: entry.bookingDate,
    valueDate: entry.valueDate,
    amount: entry.amount,
    currency: entry.currency,
    creditorName: entry.creditorName,
    creditorIban: entry.creditorIban,
    ultimateCreditor: entry.ultimateCreditor,
    debtorName: entry.debtorName,
    debtorIban: entry.debtorIban,
    ultimateDebtor: entry.ultimateDebtor,
    remittanceInformation: entry.remittanceInformation,
    creditorId: entry.creditorId,
    mandateId: entry.mandateId,
    bankTransactionCode: entry.bankTransactionCode,
    endToEndId: entry.endToEndId,
    proprietaryBankTransactionCode: entry.proprietaryBankTransactionCode,
    statement: { importId, entryRef: entryRefOf(entry), facts: entryFacts(entry, header) },
  };
}
