// What the bank says about a consent, applied through the lifecycle (lib/accounttracking/
// consent-lifecycle.ts). One exception is kept out of here on purpose: pending → valid happens only
// through an accepted callback's approval (lib/accounttracking/consents/complete-approval.ts), which also stores the
// accounts and finishes a renewal in the same transaction.
import { addDays } from "@/lib/dates/days";
import type { BankConsent, BankConsentStatus } from "@/lib/banking/types";
import type { Tx } from "@/lib/db/client";
import type { Consent, ConsentStatus } from "@/lib/generated/prisma/client";
import { ENDED, moveConsent, noteConsent, type ConsentPatch } from "@/lib/accounttracking/consents/lifecycle";

export const BANK_REASONS: Partial<Record<BankConsentStatus, string>> = {
  rejected: "The account holder declined at the bank, or the bank rejected the request.",
  expired: "The consent reached the end of its validity. Renew it to keep syncing.",
  revokedByPsu: "The account holder withdrew the consent at the bank.",
  terminatedByTpp: "The consent was ended by us.",
};

/** NextGenPSD2 status → ours; null: still open at the bank, or a code we don't know (no move). */
export function statusFromBank(bank: BankConsentStatus): ConsentStatus | null {
  switch (bank) {
    case "valid":
      return "valid";
    case "rejected":
      return "rejected";
    case "expired":
      return "expired";
    case "revokedByPsu":
    case "terminatedByTpp":
      return "revoked";
    case "received":
    case "partiallyAuthorised":
    case "unknown":
      return null;
    default: {
      const exhaustive: never = bank;
      return exhaustive;
    }
  }
}

/** The dates the bank told us with its answer, as stored on the consent. */
export function bankFacts(bank: BankConsent, status: ConsentStatus, consent: Consent): ConsentPatch {
  const validUntil = bank.validUntil ?? consent.validUntil;
  return {
    validUntil,
    bankDate: bank.bankDate,
    bankDateReadAt: new Date(),
    lastCheckedAt: new Date(),
    expiresAt: validUntil && status === "valid" ? new Date(`${addDays(validUntil, 1)}T00:00:00Z`) : consent.expiresAt,
  };
}

/**
 * Applies the bank's word to a consent that is not pending-and-approved: a valid consent that
 * expired or was withdrawn there, a pending one declined there. Ended consents never come back.
 */
export async function applyBankWord(db: Tx, consent: Consent, bank: BankConsent): Promise<Consent> {
  if (ENDED.includes(consent.status)) return noteConsent(db, consent.id, { lastCheckedAt: new Date() });
  const to = statusFromBank(bank.status);
  const facts = bankFacts(bank, to ?? consent.status, consent);
  // pending → valid belongs to the approval (an accepted callback), never to a status read.
  if (to === null || to === consent.status || (consent.status === "pending" && to === "valid")) {
    return noteConsent(db, consent.id, facts);
  }
  const reason = BANK_REASONS[bank.status] ?? null;
  const { consent: moved } = await moveConsent(
    db,
    consent.id,
    { from: consent.status, to, by: "bank" },
    { ...facts, statusReason: reason },
  );
  return moved;
}

/** The bank no longer knows the consent (its answer to a read was "consent invalid"): it ended there. */
export async function endedAtBank(db: Tx, consent: Consent, reason: string, expired = false): Promise<Consent> {
  if (ENDED.includes(consent.status)) return consent;
  const to: ConsentStatus = consent.status === "pending" ? "rejected" : expired ? "expired" : "revoked";
  const { consent: moved } = await moveConsent(
    db,
    consent.id,
    { from: consent.status, to, by: "bank" },
    { statusReason: reason },
  );
  return moved;
}
