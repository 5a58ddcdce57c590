// A sandbox bank's entry (its PSD2 answer, testing/support/bank-answer.ts) as a statement file of the
// same bank would carry it, under the file's own reference: what the tests build camt.053 files from.
import { type BankEntry, fromBank } from "@/testing/support/bank-answer";
import type { FileEntry } from "@/testing/support/statements/camt053-generated";

/** A bank entry as a statement of the same bank would carry it, under the file's own reference. */
export function fileEntryOf(e: BankEntry, accountServicerReference: string): FileEntry {
  // The fields as the comparison with the bank reads them, less the bank's PSD2 id (the file has its
  // own reference); the booking date is taken even of a pending entry, which fromBank leaves null.
  const { id: _id, status: _status, remittance, ...fields } = fromBank(e);
  const bookingDate = e.raw.bookingDate;
  return {
    ...fields,
    bookingDate: typeof bookingDate === "string" ? bookingDate : "",
    remittanceInformation: remittance,
    accountServicerReference,
  };
}
