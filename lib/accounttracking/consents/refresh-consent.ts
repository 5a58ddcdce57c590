// Asking the bank about a consent, on purpose: a person's explicit refresh (status and accounts),
// the background status check (status only: it is not an account access), and a sync that found the
// consent refused. Reads never do this (GET /status, /remaining-days, /accounts answer from what is
// stored, with its age).
import { conflict } from "@/lib/errors";
import type { AccessContext } from "@/lib/banking/types";
import { bankErrorCode } from "@/lib/banking/errors";
import { prisma } from "@/lib/db/client";
import { transaction } from "@/lib/db/transaction";
import type { Consent } from "@/lib/generated/prisma/client";
import { bankFailure } from "@/lib/accounttracking/consents/bank-errors";
import { completeApproval } from "@/lib/accounttracking/consents/complete-approval";
import { storeConsentAccounts } from "@/lib/accounttracking/consents/consent-accounts";
import { APPROVAL_OWED } from "@/lib/accounttracking/consents/authorization-lifecycle";
import { awaitsApproval, grantsAccess, isEnded } from "@/lib/accounttracking/consents/lifecycle";
import { applyBankWord, endedAtBank } from "@/lib/accounttracking/consents/bank-word";
import { integrationOrFail } from "@/lib/accounttracking/consents/integrations";

/** The consent's status from the bank, applied. A pending consent whose approval came back is finished. */
export async function refreshConsentStatus(consent: Consent, context: AccessContext): Promise<Consent> {
  if (!consent.externalId || !consent.bankId || isEnded(consent.status)) return consent;
  if (awaitsApproval(consent.status)) {
    const approved = await prisma().consentAuthorization.findFirst({
      where: { consentId: consent.id, phase: { in: [...APPROVAL_OWED] } },
      orderBy: { usedAt: "desc" },
    });
    if (approved) return (await completeApproval(approved.id, context)).consent;
  }
  const integration = integrationOrFail(consent.integrationName);
  try {
    return await applyBankWord(
      prisma(),
      consent,
      await integration.getConsent(consent.bankId, consent.externalId, context),
    );
  } catch (error) {
    if (bankErrorCode(error, "consent_invalid"))
      return endedAtBank(prisma(), consent, "The bank no longer recognises this consent.");
    throw bankFailure(error);
  }
}

/** refresh-consent, the verb: the status, then, for a valid consent, the accounts it exposes (stored). */
export async function refreshConsent({ consent, context }: { consent: Consent; context: AccessContext }) {
  if (awaitsApproval(consent.status) && !consent.externalId)
    throw conflict("The consent has not been sent to a bank yet; start the redirect first.");
  const updated = await refreshConsentStatus(consent, context);
  if (!grantsAccess(updated.status) || !updated.externalId || !updated.bankId) return updated;
  const integration = integrationOrFail(updated.integrationName);
  try {
    const accounts = await integration.listAccounts(updated.bankId, updated.externalId, context);
    await transaction((tx) => storeConsentAccounts(tx, updated.id, accounts));
  } catch (error) {
    if (bankErrorCode(error, "consent_invalid"))
      return endedAtBank(prisma(), updated, "The bank no longer recognises this consent.");
    throw bankFailure(error);
  }
  return prisma().consent.findUniqueOrThrow({ where: { id: updated.id } });
}
