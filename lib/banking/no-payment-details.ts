// A bank transaction's payment details with none of them known: the nulls a statement entry starts
// from (lib/statements/model.ts) and a test's transaction keeps for every detail it does not name.
import type { BankTransaction } from "@/lib/banking/types";

/** Who paid whom and why: every field of a transaction but its identity, status, dates and amount. */
export type PaymentDetails = Omit<
  BankTransaction,
  "externalId" | "derivedId" | "entryReference" | "status" | "bookingDate" | "valueDate" | "amount" | "currency"
>;

export const NO_PAYMENT_DETAILS: PaymentDetails = {
  endToEndId: null,
  mandateId: null,
  creditorId: null,
  creditorName: null,
  creditorIban: null,
  ultimateCreditor: null,
  debtorName: null,
  debtorIban: null,
  ultimateDebtor: null,
  remittanceInformation: null,
  bankTransactionCode: null,
  proprietaryBankTransactionCode: null,
};
