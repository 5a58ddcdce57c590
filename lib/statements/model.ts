// The one shape every statement file is read into (camt.053, MT940, CSV), whatever the format:
// pure data, no database. Field names are those of the Transaction model (prisma/schema.prisma)
// where they mean the same thing, so an import maps one to one. Dates are `YYYY-MM-DD` strings as
// the bank wrote them (bank dates are dates, never instants); amounts are signed decimal strings
// (debit negative) in the canonical form of lib/money (`-1234.5`), never JS numbers.

import { NO_PAYMENT_DETAILS } from "@/lib/banking/no-payment-details";
import type { BankTransaction } from "@/lib/banking/types";

export type StatementFormat = "camt053" | "mt940" | "csv";

/** Where a statement, balance or entry came from in its file, so an error or a match can name it. */
export type StatementOrigin = {
  /** 1-based line of the record (MT940, CSV) or of the element's start tag (XML). */
  line: number | null;
  /** 1-based position of the Ntry / :61: / data row among the file's entries. */
  ordinal: number | null;
  /** XML: `Stmt[2]/Ntry[12]/NtryDtls/TxDtls[3]`; MT940: `statement 3 :61: 5`; CSV: null. */
  path: string | null;
};

/** The Berlin Group (NextGenPSD2) balanceType names a file's balance maps to where one fits. */
export type BerlinGroupBalanceType =
  "closingBooked" | "openingBooked" | "interimBooked" | "interimAvailable" | "forwardAvailable" | "expected";

export type StatementBalance = {
  /** The file's own name for it: camt `CLBD`/`PRCD`/…, MT940 `60F`/`62M`/`64`/… */
  code: string;
  balanceType: BerlinGroupBalanceType | null;
  referenceDate: string;
  amount: string;
  currency: string;
  origin: StatementOrigin;
};

export type StatementAccount = {
  iban: string | null;
  /** Any other account id the file gives (camt `Othr/Id`, MT940 `BLZ/account`, a CSV column). */
  otherId: string | null;
  currency: string | null;
  ownerName: string | null;
  servicerBic: string | null;
  servicerName: string | null;
};

/** The fields a statement entry shares with a PSD2 transaction, under the same names. */
type SharedWithBankTransaction = Pick<
  BankTransaction,
  | "amount"
  | "currency"
  | "endToEndId"
  | "mandateId"
  | "creditorId"
  | "creditorName"
  | "creditorIban"
  | "ultimateCreditor"
  | "debtorName"
  | "debtorIban"
  | "ultimateDebtor"
  | "remittanceInformation"
  | "bankTransactionCode"
  | "proprietaryBankTransactionCode"
>;

/**
 * What a camt.053 entry and each of its batch details both carry. remittanceInformation: the
 * unstructured lines joined by a space; bankTransactionCode: ISO domain-family-subfamily, e.g.
 * `PMNT-ICDT-ESCT`; proprietaryBankTransactionCode: the bank's own (camt `Prtry/Cd`, MT940 GVC
 * or transaction type, a CSV column).
 */
export type PaymentFacts = SharedWithBankTransaction & {
  accountServicerReference: string | null;
  /** A structured creditor reference (ISO 11649 `RF…`, Swiss QRR/ISR, Dutch betalingskenmerk). */
  structuredReference: string | null;
  /** A return or reject reason (camt `RtrInf/Rsn/Cd`, MT940 `?34` / `/RTRN/`). */
  returnReason: string | null;
};

/** One transaction inside a camt.053 batch entry (one `TxDtls`). */
export type StatementEntryDetail = PaymentFacts & {
  /** True when the detail had no amount of its own and took the entry's. */
  isAmountInherited: boolean;
  origin: StatementOrigin;
};

export type StatementEntry = PaymentFacts & {
  status: "booked" | "pending";
  bookingDate: string | null;
  valueDate: string | null;
  entryReference: string | null;
  /** camt `RvslInd`, MT940 `RC`/`RD`: the bank undid an earlier entry. */
  isReversal: boolean;
  /** Free booking text (camt `AddtlNtryInf`, MT940 `?00` or the unstructured :86:, CSV text). */
  additionalInformation: string | null;
  /** camt.053 batch entries: their TxDtls (empty when the bank sent totals only). */
  details: StatementEntryDetail[];
  origin: StatementOrigin;
};

export type StatementHeader = {
  format: StatementFormat;
  /** The format's version, e.g. `camt.053.001.08`, `MT940`, the CSV layout's name. */
  version: string;
  /** camt `Stmt/Id`, MT940 `:20:`. */
  statementId: string | null;
  /** camt `ElctrncSeqNb`/`LglSeqNb`, MT940 `:28C:`. */
  sequenceNumber: string | null;
  account: StatementAccount;
  balances: StatementBalance[];
  origin: StatementOrigin;
};

/** What a streaming reader yields: each statement's header once, then its entries one by one. */
export type StatementItem =
  { kind: "statement"; statement: StatementHeader } | { kind: "entry"; entry: StatementEntry };

/** A whole statement, for the formats that are small enough to read at once (and tests). */
export type Statement = StatementHeader & { entries: StatementEntry[] };

export const EMPTY_FACTS: Omit<PaymentFacts, "amount" | "currency"> = {
  ...NO_PAYMENT_DETAILS,
  accountServicerReference: null,
  structuredReference: null,
  returnReason: null,
};

/** Collects a stream of items into whole statements (tests, small files). */
export async function collectStatements(
  items: AsyncIterable<StatementItem> | Iterable<StatementItem>,
): Promise<Statement[]> {
  const statements: Statement[] = [];
  for await (const item of items) {
    if (item.kind === "statement") statements.push({ ...item.statement, entries: [] });
    else {
      const current = statements.at(-1);
      if (!current) throw new Error("an entry came before any statement");
      current.entries.push(item.entry);
    }
  }
  return statements;
}
