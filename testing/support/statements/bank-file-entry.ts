// A sandbox bank's entry (its PSD2 answer, testing/support/bank-answer.ts) as a statement file of the
// same bank would carry it, under the file's own reference: what the tests build camt.053 files from.
import type { BankEntry } from "@/testing/support/bank-answer";
import type { FileEntry } from "@/testing/support/statements/camt053-generated";

/** A bank entry as a statement of the same bank would carry it, under the file's own reference. */
export function fileEntryOf(e: BankEntry, accountServicerReference: string): FileEntry {
  const r = e.raw;
  const text = (key: string) => {
    const value = r[key];
    return typeof value === "string" ? value : null;
  };
  const iban = (key: string) => (r[key] as { iban?: string } | undefined)?.iban ?? null;
  return {
    amount: r.transactionAmount.amount,
    currency: r.transactionAmount.currency,
    bookingDate: text("bookingDate") ?? "",
    valueDate: text("valueDate"),
    entryReference: text("entryReference"),
    accountServicerReference,
    endToEndId: text("endToEndId"),
    mandateId: text("mandateId"),
    creditorId: text("creditorId"),
    creditorName: text("creditorName"),
    creditorIban: iban("creditorAccount"),
    ultimateCreditor: text("ultimateCreditor"),
    debtorName: text("debtorName"),
    debtorIban: iban("debtorAccount"),
    ultimateDebtor: text("ultimateDebtor"),
    remittanceInformation: text("remittanceInformationUnstructured"),
    bankTransactionCode: text("bankTransactionCode"),
    proprietaryBankTransactionCode: text("proprietaryBankTransactionCode"),
  };
}
