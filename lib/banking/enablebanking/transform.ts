// Pure mapping from Enable Banking's API (enable-banking-api-openapi.yml) to our normalised types.
// Free of I/O so it is tested on fixtures. Shapes are checked loosely (passthrough): the contract
// itself is enforced in tests against the shared OpenAPI file.
import { berlinGroupBalanceType } from "@/lib/banking/balance";
import { contentDerivedId, orNull, storedTransactionId } from "@/lib/banking/normalise";
import type { z } from "zod";
import type {
  EbAccount,
  EbAspsp,
  EbBalances,
  EbTransaction,
  EbTransactions,
} from "@/lib/banking/enablebanking/schemas";
import type {
  AccountKind,
  Bank,
  BankAccount,
  BankBalance,
  BankConsentStatus,
  BankTransaction,
} from "@/lib/banking/types";

export type PsuType = "personal" | "business";

/**
 * A stable, namespaced bank id: Enable Banking names an ASPSP by (country, name), so the id is
 * built from them. A bank that serves businesses too is listed twice; the `:business` entry asks
 * for psu_type business (company accounts).
 */
export function bankIdOf(aspsp: { name: string; country: string }, psuType: PsuType): string {
  const slug = aspsp.name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `eb:${aspsp.country.toUpperCase()}:${slug}${psuType === "business" ? ":business" : ""}`;
}

export function psuTypeOfBankId(bankId: string): PsuType {
  return bankId.endsWith(":business") ? "business" : "personal";
}

export function toBanks(aspsp: EbAspsp, integrationName: string): Bank[] {
  const types: PsuType[] = (["personal", "business"] as const).filter((t) => aspsp.psu_types.includes(t));
  return types.map((t) => ({
    bankId: bankIdOf(aspsp, t),
    name: t === "business" && types.length > 1 ? `${aspsp.name} (business)` : aspsp.name,
    bic: aspsp.bic ?? null,
    countryCode: aspsp.country.toUpperCase(),
    integrationName,
    logoUrl: aspsp.logo || null,
  }));
}

const SESSION_STATUS: Record<string, BankConsentStatus> = {
  AUTHORIZED: "valid",
  PENDING_AUTHORIZATION: "received",
  RETURNED_FROM_BANK: "received",
  EXPIRED: "expired",
  REVOKED: "revokedByPsu",
  CLOSED: "terminatedByTpp",
  CANCELLED: "rejected",
  INVALID: "rejected",
};

export function sessionStatusOf(status: string): BankConsentStatus {
  return SESSION_STATUS[status] ?? "unknown";
}

/** valid_until is an instant; our consents keep the last valid day as the bank states it (its date part). */
export function validUntilDate(validUntil: string): string {
  return validUntil.slice(0, 10);
}

/** ORGA is a company account, as is any account under a business session; card accounts are payment accounts. */
function accountKindOf(
  account: Pick<EbAccount, "usage" | "cash_account_type" | "product">,
  psuType: PsuType,
): AccountKind {
  if (account.cash_account_type === "CARD" || /e-?money|prepaid|card/i.test(account.product ?? "")) return "payment";
  if (account.usage === "ORGA" || (account.usage === undefined && psuType === "business")) return "company";
  return "private";
}

export function toBankAccount(raw: EbAccount, uid: string, psuType: PsuType): BankAccount {
  return {
    externalId: uid,
    iban: raw.account_id?.iban ?? null,
    currency: raw.currency,
    name: raw.name ?? null,
    product: raw.product ?? null,
    ownerName: null,
    cashAccountType: raw.cash_account_type,
    accountType: accountKindOf(raw, psuType),
    // Enable Banking lists accounts without balances; one call per account is not spent on the list.
    balance: null,
  };
}

/** Every balance the bank gives, its ISO 20022 code named as the Berlin Group names it. */
export function toBankBalances(body: z.infer<typeof EbBalances>): BankBalance[] {
  return body.balances.map((b) => ({
    ...b.balance_amount,
    type: berlinGroupBalanceType(b.balance_type),
    referenceDate: b.reference_date ?? null,
  }));
}

/** Unsigned amount + indicator → signed decimal string; a debit of zero stays "0.00", never "-0.00". */
export function signedAmount(value: string, indicator: "CRDT" | "DBIT"): string {
  const unsigned = value.replace(/^-/, "");
  return indicator === "DBIT" && /[1-9]/.test(unsigned) ? `-${unsigned}` : unsigned;
}

/**
 * BOOK → booked; PDNG and HOLD (an authorisation hold) → pending. CNCL, RJCT, SCHD and OTHR are not
 * live entries: skipped, so a pending row the bank later cancels is no longer listed and the sync's
 * reconciliation removes it.
 */
export function statusOf(status: string): "booked" | "pending" | null {
  if (status === "BOOK") return "booked";
  if (status === "PDNG" || status === "HOLD") return "pending";
  return null;
}

/** What identifies an id-less entry: content that does not change when it is booked (no status, no booking date). */
function contentKey(raw: EbTransaction): string[] {
  return [
    raw.value_date ?? raw.transaction_date ?? raw.booking_date ?? "",
    signedAmount(raw.transaction_amount.amount, raw.credit_debit_indicator),
    raw.transaction_amount.currency,
    raw.creditor?.name ?? "",
    raw.creditor_account?.iban ?? "",
    raw.debtor?.name ?? "",
    raw.debtor_account?.iban ?? "",
    (raw.remittance_information ?? []).join(" "),
    raw.reference_number ?? "",
  ];
}

/**
 * A bank that sends neither transaction_id nor entry_reference: the id hashes the content, so
 * identical entries (two coffees on one day) share it. The sync engine tells them apart by their
 * occurrence in the run's answer (lib/sync/occurrence.ts, for every integration), across pages.
 */
export function syntheticId(raw: EbTransaction): string {
  return contentDerivedId(contentKey(raw));
}

function bankTransactionCode(raw: EbTransaction): string | null {
  const parts = [raw.bank_transaction_code?.code, raw.bank_transaction_code?.sub_code].filter((p): p is string => !!p);
  return parts.length ? parts.join("-") : null;
}

/**
 * The entry's identity. Enable Banking's contract: entry_reference is "unique and immutable" for the
 * account and survives new sessions, while transaction_id only fetches details, "can not be used to
 * uniquely identify transactions and may change if the list of transactions is retrieved again". So
 * entry_reference first; transaction_id only when the bank sends no reference (a change of it is then
 * paired as a re-issue, lib/sync/reconcile.ts); else an id derived from the content.
 */
export function toBankTransaction(raw: EbTransaction, status: "booked" | "pending"): BankTransaction {
  const remittance = raw.remittance_information?.filter((l) => l !== "").join(" ");
  const bankId = orNull(raw.entry_reference) ?? orNull(raw.transaction_id);
  return {
    externalId: bankId === null ? syntheticId(raw) : storedTransactionId(bankId),
    // A content-derived id: the sync engine numbers identical entries (lib/sync/occurrence.ts).
    derivedId: bankId === null,
    entryReference: orNull(raw.entry_reference),
    status,
    bookingDate: status === "booked" ? orNull(raw.booking_date) : null,
    valueDate: orNull(raw.value_date ?? raw.transaction_date),
    amount: signedAmount(raw.transaction_amount.amount, raw.credit_debit_indicator),
    currency: raw.transaction_amount.currency,
    creditorName: orNull(raw.creditor?.name),
    creditorIban: orNull(raw.creditor_account?.iban),
    ultimateCreditor: null,
    debtorName: orNull(raw.debtor?.name),
    debtorIban: orNull(raw.debtor_account?.iban),
    ultimateDebtor: null,
    remittanceInformation: orNull(remittance),
    creditorId: null,
    mandateId: null,
    bankTransactionCode: bankTransactionCode(raw),
    // Enable Banking's transaction schema carries neither (end_to_end_id belongs to its payments API).
    endToEndId: null,
    proprietaryBankTransactionCode: null,
  };
}

export function toTransactions(body: z.infer<typeof EbTransactions>): {
  transactions: BankTransaction[];
  next: string | null;
} {
  const transactions: BankTransaction[] = [];
  for (const raw of body.transactions) {
    const status = statusOf(raw.status);
    if (status) transactions.push(toBankTransaction(raw, status));
  }
  return { transactions, next: body.continuation_key ?? null };
}
