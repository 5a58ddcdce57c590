// Normalised banking types shared by every integration. Absent values are explicit `null`, never
// optional, so a transform cannot silently forget a field. Money is a decimal string; bank dates
// are date-only strings exactly as the bank sent them.

export type Country = { countryCode: string; name: string };

export type Bank = {
  bankId: string;
  name: string;
  bic: string | null;
  countryCode: string;
  integrationName: string;
  /** The bank's logo as the integration gives it (an absolute URL), or null when it gives none. */
  logoUrl: string | null;
};

/** NextGenPSD2 consentStatus values; an ASPSP may add codes, which arrive as "unknown". */
export type BankConsentStatus =
  | "received"
  | "partiallyAuthorised"
  | "valid"
  | "rejected"
  | "revokedByPsu"
  | "expired"
  | "terminatedByTpp"
  | "unknown";

/**
 * The bank's new consent and how the account holder approves it: at the bank's page we send them to
 * (redirect: authorizationUrl), or in their banking app while we ask the bank's SCA status
 * (decoupled: no page; scaStatusUrl, and what the bank asks us to tell them).
 */
export type CreatedBankConsent = {
  externalId: string;
  status: BankConsentStatus;
  authorizationUrl: string | null;
  decoupled: { scaStatusUrl: string; psuMessage: string | null } | null;
};

/** A decoupled approval's state at the bank: still waiting for the app, approved there, or failed. */
export type BankScaStatus = "waiting" | "finalised" | "failed";

export type BankConsent = {
  externalId: string;
  status: BankConsentStatus;
  validUntil: string | null;
  frequencyPerDay: number | null;
  /** The bank's own date (from its Date header): remaining validity is counted from it. */
  bankDate: string;
};

export type AccountKind = "private" | "company" | "payment";

export type BankAccount = {
  externalId: string;
  iban: string | null;
  currency: string;
  name: string | null;
  product: string | null;
  ownerName: string | null;
  cashAccountType: string | null;
  accountType: AccountKind;
  /**
   * The balance the bank gave with the list, when it gives one there (NextGenPSD2's withBalance);
   * null when it gives balances only per account, which the list does not spend a call on.
   */
  balance: BankBalance | null;
};

export type BankTransaction = {
  externalId: string;
  /**
   * True when the bank sent no transactionId and externalId was derived from the content. Identical
   * entries then share it; ingest tells them apart by their occurrence (lib/sync/occurrence.ts).
   */
  derivedId: boolean;
  entryReference: string | null;
  status: "booked" | "pending";
  bookingDate: string | null;
  valueDate: string | null;
  amount: string;
  currency: string;
  creditorName: string | null;
  creditorIban: string | null;
  ultimateCreditor: string | null;
  debtorName: string | null;
  debtorIban: string | null;
  ultimateDebtor: string | null;
  remittanceInformation: string | null;
  creditorId: string | null;
  mandateId: string | null;
  bankTransactionCode: string | null;
  endToEndId: string | null;
  proprietaryBankTransactionCode: string | null;
};

export type TransactionsPage = { transactions: BankTransaction[]; next: string | null; bankDate: string };

/** Who is asking: a person present (their IP is forwarded, the access is "attended") or a scheduler. */
export type AccessContext = { psuIpAddress: string | null; requestId: string };

export type BankBalance = { amount: string; currency: string; type: string; referenceDate: string | null };
