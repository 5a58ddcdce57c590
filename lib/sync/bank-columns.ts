// The columns of a transaction that hold what the bank said, and the fingerprint of a row's values
// (content_hash) that lets a re-sync tell an unchanged row by a comparison of 32 bytes.
import { hash } from "node:crypto";
import type { BankTransaction } from "@/lib/banking/types";

type Value = (t: BankTransaction) => string | null;
/** The fields of a transaction that hold text (or nothing). */
type TextField = {
  [K in keyof BankTransaction]: BankTransaction[K] extends string | null ? K : never;
}[keyof BankTransaction];
const field =
  (name: TextField): Value =>
  (t) =>
    t[name];

/** Each stored column of what the bank said: its name, its SQL type, and its value in a transaction. */
export const COLUMNS: readonly (readonly [string, string, Value])[] = [
  ["external_id", "text", field("externalId")],
  ["entry_reference", "text", field("entryReference")],
  ["status", '"TransactionStatus"', field("status")],
  ["booking_date", "text", field("bookingDate")],
  ["value_date", "text", field("valueDate")],
  ["sort_date", "text", (t) => t.bookingDate ?? t.valueDate ?? "0001-01-01"],
  ["amount", "numeric", field("amount")],
  ["currency", "text", field("currency")],
  ["creditor_name", "text", field("creditorName")],
  ["creditor_iban", "text", field("creditorIban")],
  ["ultimate_creditor", "text", field("ultimateCreditor")],
  ["debtor_name", "text", field("debtorName")],
  ["debtor_iban", "text", field("debtorIban")],
  ["ultimate_debtor", "text", field("ultimateDebtor")],
  ["remittance_information", "text", field("remittanceInformation")],
  ["creditor_id", "text", field("creditorId")],
  ["mandate_id", "text", field("mandateId")],
  ["bank_transaction_code", "text", field("bankTransactionCode")],
  ["end_to_end_id", "text", field("endToEndId")],
  ["proprietary_bank_transaction_code", "text", field("proprietaryBankTransactionCode")],
];

/** Every column that holds what the bank said (reconcile and undo copy exactly these, and content_hash). */
export const BANK_COLUMNS: readonly string[] = COLUMNS.map(([c]) => c);

export function valueOf(column: string): Value {
  const found = COLUMNS.find(([c]) => c === column);
  if (!found) throw new Error(`no column ${column}`);
  return found[2];
}

/** A transaction's values in COLUMNS order: exactly what the upsert writes of it. */
export const rowValues = (t: BankTransaction): (string | null)[] => COLUMNS.map(([, , value]) => value(t));

// Bumped whenever the encoding below changes: every stored hash then differs once, and those rows
// are compared in full and given the new hash (a NULL is read the same way: "not known").
const HASH_VERSION = "bank-row/1\n";

/**
 * SHA-256 of a row's values as the upsert writes them (rowValues): every column, the bank id and
 * the derived sort date included, in COLUMNS order, as a JSON array. JSON keeps null apart from ""
 * and from "null", and a separator inside a value from one between values; a field a transform left
 * undefined is stored as NULL and hashes as null, as the stored row reads. Decimal strings are
 * hashed as the bank gave them, so a new scale (1150 → 1150.00) is a change, as the upsert stores it.
 * 256 bits: two different rows sharing a hash is not a case to handle. Returned as 64 hex digits.
 */
export function contentHash(values: readonly (string | null)[]): string {
  // Hex: the one-shot hash answering a string is about 3× faster than one answering a Buffer (a
  // Buffer allocated per row), and pg would write a bytea as hex text anyway. Stored as bytea.
  return hash("sha256", HASH_VERSION + JSON.stringify(values), "hex");
}
