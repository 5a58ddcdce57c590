// A normalised bank transaction for tests that ingest rows directly: booked, in EUR, every optional
// field null unless the test names it.
import { NO_PAYMENT_DETAILS } from "@/lib/banking/no-payment-details";
import type { BankTransaction } from "@/lib/banking/types";

export function bankEntry(id: string, amount: string, fields: Partial<BankTransaction> = {}): BankTransaction {
  const date = fields.bookingDate ?? "2026-02-01";
  return {
    externalId: id,
    derivedId: false,
    entryReference: null,
    status: "booked",
    bookingDate: date,
    valueDate: date,
    amount,
    currency: "EUR",
    ...NO_PAYMENT_DETAILS,
    ...fields,
  };
}
