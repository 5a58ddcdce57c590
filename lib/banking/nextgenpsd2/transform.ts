// Pure mapping from Berlin Group NextGenPSD2 (XS2A 1.3.x) JSON to our normalised types.
// Kept free of I/O so it is tested on fixtures.
import { z } from "zod";
import { shownBalance } from "@/lib/banking/balance";
import { ProviderError } from "@/lib/provider-errors";
import { retryAfterOf, type ErrorAnswer } from "@/lib/banking/http-json";
import { contentDerivedId, currencyCode, orNull, storedTransactionId } from "@/lib/banking/normalise";
// A bank's dates are calendar days, checked as a request's are: a regex alone let 2026-02-30 through.
import { isoDate } from "@/lib/dates/iso-date";
import type {
  AccountKind,
  BankAccount,
  BankBalance,
  BankConsentStatus,
  BankScaStatus,
  BankTransaction,
} from "@/lib/banking/types";

const amountSchema = z.object({ currency: currencyCode, amount: z.string().regex(/^-?\d+(\.\d+)?$/) });
const accountRef = z.looseObject({ iban: z.string().optional() }).optional();

export const Xs2aTransaction = z.looseObject({
  transactionId: z.string().optional(),
  entryReference: z.string().optional(),
  bookingDate: isoDate.optional(),
  valueDate: isoDate.optional(),
  transactionAmount: amountSchema,
  creditorName: z.string().optional(),
  creditorAccount: accountRef,
  ultimateCreditor: z.string().optional(),
  debtorName: z.string().optional(),
  debtorAccount: accountRef,
  ultimateDebtor: z.string().optional(),
  remittanceInformationUnstructured: z.string().optional(),
  remittanceInformationUnstructuredArray: z.array(z.string()).optional(),
  creditorId: z.string().optional(),
  mandateId: z.string().optional(),
  bankTransactionCode: z.string().optional(),
  endToEndId: z.string().optional(),
  proprietaryBankTransactionCode: z.string().optional(),
});
export type Xs2aTransaction = z.infer<typeof Xs2aTransaction>;

export const Xs2aAccount = z.looseObject({
  resourceId: z.string(),
  iban: z.string().optional(),
  currency: currencyCode,
  name: z.string().optional(),
  product: z.string().optional(),
  ownerName: z.string().optional(),
  cashAccountType: z.string().optional(),
  usage: z.string().optional(),
  balances: z.array(z.lazy(() => Xs2aBalance)).optional(),
});
export type Xs2aAccount = z.infer<typeof Xs2aAccount>;

const href = z.object({ href: z.string() }).partial().optional();

export const Xs2aTransactionsResponse = z.looseObject({
  transactions: z
    .looseObject({
      booked: z.array(Xs2aTransaction).optional(),
      pending: z.array(Xs2aTransaction).optional(),
      _links: z.looseObject({ next: href }).optional(),
    })
    .optional(),
});

export const Xs2aAccountList = z.looseObject({ accounts: z.array(Xs2aAccount) });
export const Xs2aConsentCreated = z.looseObject({
  consentId: z.string(),
  consentStatus: z.string(),
  psuMessage: z.string().optional(),
  // Redirect: scaRedirect. Decoupled: no page, the authorisation's scaStatus to poll instead.
  _links: z.looseObject({ scaRedirect: href.optional(), scaStatus: href.optional() }),
});
export const Xs2aScaStatus = z.looseObject({ scaStatus: z.string() });

/** The spec's scaStatus values, as what the consent's approval waits for. */
export function scaStatusOf(value: string): BankScaStatus {
  if (value === "finalised" || value === "exempted") return "finalised";
  if (value === "failed") return "failed";
  return "waiting";
}
export const Xs2aConsentInformation = z.looseObject({
  consentStatus: z.string(),
  validUntil: z.string().optional(),
  frequencyPerDay: z.number().optional(),
});

const KNOWN_STATUSES: readonly BankConsentStatus[] = [
  "received",
  "partiallyAuthorised",
  "valid",
  "rejected",
  "revokedByPsu",
  "expired",
  "terminatedByTpp",
];

export function consentStatusOf(value: string): BankConsentStatus {
  return (KNOWN_STATUSES as readonly string[]).includes(value) ? (value as BankConsentStatus) : "unknown";
}

/** `usage` ORGA is a company account; card and e-money accounts are payment accounts. */
export function accountKindOf(account: Pick<Xs2aAccount, "usage" | "cashAccountType" | "product">): AccountKind {
  const cash = account.cashAccountType?.toUpperCase();
  if (cash === "CARD" || /e-?money|prepaid|card/i.test(account.product ?? "")) return "payment";
  if (account.usage?.toUpperCase() === "ORGA") return "company";
  return "private";
}

export function toBankAccount(raw: Xs2aAccount): BankAccount {
  return {
    externalId: raw.resourceId,
    iban: raw.iban ?? null,
    currency: raw.currency,
    name: raw.name ?? null,
    product: raw.product ?? null,
    ownerName: raw.ownerName ?? null,
    cashAccountType: raw.cashAccountType ?? null,
    accountType: accountKindOf(raw),
    balance: raw.balances ? shownBalance(toBankBalances({ balances: raw.balances })) : null,
  };
}

/**
 * Banks may omit transactionId (often on pending entries). Then the id is derived from content
 * that does not change when the entry is booked, so pending → booked still matches.
 */
export function syntheticTransactionId(raw: Xs2aTransaction): string {
  return contentDerivedId([
    raw.valueDate ?? raw.bookingDate ?? "",
    raw.transactionAmount.amount,
    raw.transactionAmount.currency,
    raw.creditorName ?? "",
    raw.creditorAccount?.iban ?? "",
    raw.debtorName ?? "",
    raw.debtorAccount?.iban ?? "",
    raw.remittanceInformationUnstructured ?? "",
    raw.mandateId ?? "",
  ]);
}

export function toBankTransaction(raw: Xs2aTransaction, status: "booked" | "pending"): BankTransaction {
  const remittance = raw.remittanceInformationUnstructured ?? raw.remittanceInformationUnstructuredArray?.join(" ");
  return {
    externalId: raw.transactionId ? storedTransactionId(raw.transactionId) : syntheticTransactionId(raw),
    derivedId: !raw.transactionId,
    entryReference: orNull(raw.entryReference),
    status,
    bookingDate: status === "booked" ? orNull(raw.bookingDate) : null,
    valueDate: orNull(raw.valueDate),
    amount: raw.transactionAmount.amount,
    currency: raw.transactionAmount.currency,
    creditorName: orNull(raw.creditorName),
    creditorIban: orNull(raw.creditorAccount?.iban),
    ultimateCreditor: orNull(raw.ultimateCreditor),
    debtorName: orNull(raw.debtorName),
    debtorIban: orNull(raw.debtorAccount?.iban),
    ultimateDebtor: orNull(raw.ultimateDebtor),
    remittanceInformation: orNull(remittance),
    creditorId: orNull(raw.creditorId),
    mandateId: orNull(raw.mandateId),
    bankTransactionCode: orNull(raw.bankTransactionCode),
    endToEndId: orNull(raw.endToEndId),
    proprietaryBankTransactionCode: orNull(raw.proprietaryBankTransactionCode),
  };
}

export function toTransactions(body: z.infer<typeof Xs2aTransactionsResponse>): {
  transactions: BankTransaction[];
  next: string | null;
} {
  const booked = body.transactions?.booked ?? [];
  const pending = body.transactions?.pending ?? [];
  return {
    transactions: [
      ...booked.map((t) => toBankTransaction(t, "booked")),
      ...pending.map((t) => toBankTransaction(t, "pending")),
    ],
    next: body.transactions?._links?.next?.href ?? null,
  };
}

const TppMessages = z.object({
  tppMessages: z.array(z.object({ code: z.string().optional(), text: z.string().optional() })).optional(),
});

/** HTTP status + XS2A tppMessages → ProviderError. */
export function providerErrorOf({ status, body, headers, bankDate }: ErrorAnswer): ProviderError {
  const parsed = TppMessages.safeParse(body);
  const first = parsed.success ? parsed.data.tppMessages?.[0] : undefined;
  const bankCode = first?.code ?? null;
  const text = first?.text ?? `The bank answered HTTP ${status}`;
  const options = { status, bankCode, bankDate, retryAfterSeconds: retryAfterOf(headers.get("retry-after")) };
  if (status === 429 || bankCode === "ACCESS_EXCEEDED") return new ProviderError("rate_limited", text, options);
  if (status >= 500) return new ProviderError("unavailable", text, options);
  if (bankCode && /^CONSENT_/.test(bankCode)) return new ProviderError("consent_invalid", text, options);
  if (status === 401 || status === 403) return new ProviderError("consent_invalid", text, options);
  if (status === 404) return new ProviderError("not_found", text, options);
  if (status === 400 || status === 405 || status === 406 || status === 409)
    return new ProviderError("rejected", text, options);
  return new ProviderError("unknown", text, options);
}

const Xs2aBalance = z.looseObject({
  balanceAmount: amountSchema,
  balanceType: z.string(),
  referenceDate: isoDate.optional(),
});
export const Xs2aBalances = z.looseObject({ balances: z.array(Xs2aBalance) });

/** Every balance the bank gives, as sent (the Berlin Group's names are ours). */
export function toBankBalances(body: z.infer<typeof Xs2aBalances>): BankBalance[] {
  return body.balances.map((b) => ({
    ...b.balanceAmount,
    type: b.balanceType,
    referenceDate: b.referenceDate ?? null,
  }));
}
