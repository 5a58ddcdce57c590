// What the bank says about a consent, applied through the lifecycle (lib/accounttracking/consents/
// lifecycle.ts). One exception is kept out of here on purpose: pending → valid happens only
// through an accepted callback's approval (lib/accounttracking/consents/complete-approval.ts), which
// also stores the accounts and finishes a renewal in the same transaction.
import { addDays } from "@/lib/dates/days";
import type { BankConsent, BankConsentStatus } from "@/lib/banking/types";
import type { Tx } from "@/lib/db/client";
import type { Consent, ConsentStatus } from "@/lib/generated/prisma/client";
import {
  awaitsApproval,
  endedByBank,
  grantsAccess,
  isEnded,
  moveConsent,
  noteConsent,
  statusFromBank,
  type ConsentPatch,
} from "@/lib/accounttracking/consents/lifecycle";

export const BANK_REASONS: Partial<Record<BankConsentStatus, string>> = {
  rejected: "The account holder declined at the bank, or the bank rejected the request.",
  expired: "The consent reached the end of its validity. Renew it to keep syncing.",
  revokedByPsu: "The account holder withdrew the consent at the bank.",
  terminatedByTpp: "The consent was ended by us.",
};

/** The dates the bank told us with its answer, as stored on the consent. */
export function bankFacts(bank: BankConsent, status: ConsentStatus, consent: Consent): ConsentPatch {
  const validUntil = bank.validUntil ?? consent.validUntil;
  return {
    validUntil,
    bankDate: bank.bankDate,
    bankDateReadAt: new Date(),
    lastCheckedAt: new Date(),
    expiresAt: validUntil && grantsAccess(status) ? new Date(`${addDays(validUntil, 1)}T00:00:00Z`) : consent.expiresAt,
  };
}

/**
 * Applies the bank's word to a consent that is not pending-and-approved: a valid consent that
 * expired or was withdrawn there, a pending one declined there. Ended consents never come back.
 */
export async function applyBankWord(db: Tx, consent: Consent, bank: BankConsent): Promise<Consent> {
  if (isEnded(consent.status)) return noteConsent(db, consent.id, { lastCheckedAt: new Date() });
  const to = statusFromBank(bank.status);
  const facts = bankFacts(bank, to ?? consent.status, consent);
  // pending → valid belongs to the approval (an accepted callback), never to a status read.
  if (to === null || to === consent.status || (awaitsApproval(consent.status) && grantsAccess(to))) {
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
  if (isEnded(consent.status)) return consent;
  const { consent: moved } = await moveConsent(
    db,
    consent.id,
    { from: consent.status, to: endedByBank(consent.status, expired), by: "bank" },
    { statusReason: reason },
  );
  return moved;
}
