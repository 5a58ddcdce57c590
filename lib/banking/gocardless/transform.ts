// Pure mapping from GoCardless Bank Account Data (swagger.json, API v2) to our normalised types.
// Its balances, account details and transactions are Berlin Group (NextGenPSD2) shaped, so they go
// through the NextGenPSD2 transform; what differs is here: institutions, requisition statuses,
// agreement validity, and transaction ids (transactionId, else GoCardless's internalTransactionId).
import { z } from "zod";
import { addDays } from "@/lib/dates/days";
import { storedTransactionId } from "@/lib/banking/normalise";
import type { Bank, BankAccount, BankConsentStatus, BankTransaction } from "@/lib/banking/types";
import {
  Xs2aAccount,
  Xs2aTransaction,
  accountKindOf,
  syntheticTransactionId,
  toBankTransaction as toXs2aTransaction,
} from "@/lib/banking/nextgenpsd2/transform";

export { Xs2aBalances as GcBalances, toBankBalances } from "@/lib/banking/nextgenpsd2/transform";

export const GcInstitution = z.looseObject({
  id: z.string(),
  name: z.string(),
  bic: z.string().optional(),
  logo: z.string().optional(),
  transaction_total_days: z.string().optional(),
  max_access_valid_for_days: z.string().optional(),
  countries: z.array(z.string()),
});
export type GcInstitution = z.infer<typeof GcInstitution>;
export const GcInstitutions = z.array(GcInstitution);

export const GcAgreement = z.looseObject({
  id: z.string(),
  created: z.string(),
  access_valid_for_days: z.int(),
  max_historical_days: z.int(),
  accepted: z.string().nullish(),
});
export type GcAgreement = z.infer<typeof GcAgreement>;

export const GcRequisition = z.looseObject({
  id: z.string(),
  status: z.string(),
  agreement: z.string().optional(),
  accounts: z.array(z.string()).default([]),
  link: z.string(),
  institution_id: z.string(),
});

/** An account's details: Berlin Group's account, named by the request's path instead of a resourceId. */
export const GcAccountDetails = z.looseObject({
  account: Xs2aAccount.omit({ resourceId: true }).extend({ displayName: z.string().optional() }),
});

export const GcTransactions = z.looseObject({
  transactions: z.looseObject({ booked: z.array(Xs2aTransaction), pending: z.array(Xs2aTransaction).optional() }),
});
type GcTransaction = Xs2aTransaction & { internalTransactionId?: string };

const BANK_ID_PREFIX = "gc";

/**
 * A stable, namespaced bank id. GoCardless names an institution by its own id (e.g. N26_NTSBDEB1)
 * and one institution may serve many countries, so the country is part of ours.
 */
function bankIdOf(institutionId: string, countryCode: string): string {
  return `${BANK_ID_PREFIX}:${countryCode.toUpperCase()}:${institutionId}`;
}

export function parseBankId(bankId: string): { institutionId: string; countryCode: string } | null {
  const m = /^gc:([A-Z]{2}):(.+)$/.exec(bankId);
  return m ? { countryCode: m[1], institutionId: m[2] } : null;
}

export function toBank(institution: GcInstitution, countryCode: string, integrationName: string): Bank {
  return {
    bankId: bankIdOf(institution.id, countryCode),
    name: institution.name,
    bic: institution.bic || null,
    countryCode: countryCode.toUpperCase(),
    integrationName,
    logoUrl: institution.logo || null,
  };
}

/** A whole number of days from an institution's string field, within [1, cap]. */
export function daysOf(value: string | undefined, fallback: number, cap: number): number {
  const n = value && /^\d+$/.test(value) ? Number(value) : fallback;
  return Math.max(1, Math.min(cap, n));
}

/**
 * Requisition status codes (StatusEnum) → consent status. CR/ID/GC/UA/GA/SA: the person is on their
 * way through GoCardless and the bank; LN: linked; RJ/ER: it failed; SU: GoCardless suspended it
 * (the AISP ended access); EX: the end-user agreement expired.
 */
const REQUISITION_STATUS: Record<string, BankConsentStatus> = {
  CR: "received",
  ID: "received",
  GC: "received",
  UA: "received",
  GA: "received",
  SA: "received",
  LN: "valid",
  RJ: "rejected",
  ER: "rejected",
  SU: "terminatedByTpp",
  EX: "expired",
};

export function requisitionStatusOf(status: string): BankConsentStatus {
  return REQUISITION_STATUS[status] ?? "unknown";
}

/** The agreement's last day of access: from its acceptance (else its creation) plus its days. */
export function agreementValidUntil(agreement: Pick<GcAgreement, "accepted" | "created" | "access_valid_for_days">) {
  const from = (agreement.accepted ?? agreement.created).slice(0, 10);
  return addDays(from, agreement.access_valid_for_days);
}

export function toBankAccount(details: z.infer<typeof GcAccountDetails>, accountId: string): BankAccount {
  const a = details.account;
  return {
    externalId: accountId,
    iban: a.iban ?? null,
    currency: a.currency,
    name: a.name ?? a.displayName ?? null,
    product: a.product ?? null,
    ownerName: a.ownerName ?? null,
    cashAccountType: a.cashAccountType ?? null,
    accountType: accountKindOf(a),
    // GoCardless lists details only; balances are one call per account, not spent on the list.
    balance: null,
  };
}

/**
 * As the NextGenPSD2 transform maps it; the id is the bank's transactionId, else GoCardless's
 * internalTransactionId, else derived from the content (numbered by lib/sync/occurrence.ts).
 */
export function toBankTransaction(raw: GcTransaction, status: "booked" | "pending"): BankTransaction {
  const mapped = toXs2aTransaction(raw, status);
  const id = raw.transactionId || raw.internalTransactionId;
  return { ...mapped, externalId: id ? storedTransactionId(id) : syntheticTransactionId(raw), derivedId: !id };
}
