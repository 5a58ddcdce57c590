// Finishing a renewal. PSD2 consents cannot be extended: a renewal is a new consent the account
// holder approves again (renew-consent.ts). When it becomes valid, in the approval's
// own transaction (approval.ts), so no crash can leave the accounts behind:
//   - the old consent → renewed (a lifecycle move; refused if it already moved);
//   - its tracked accounts move onto the renewal: the same rows, so history, counterparts and
//     bindings stay; a bank that issued new account ids for the new consent is matched by IBAN in
//     the renewal's stored account list (no bank call inside the transaction);
//   - each moved account gets a sync run, its job queued with it, so the person sees fresh data and
//     no stale failure;
//   - the old consent, if still live at the bank, is marked to be ended there (bank_end_pending).
// After the commit the old consent is ended at the bank (endOwedAtBank); a crash before that leaves
// the mark, and the repair tick ends it there.
import type { AccessContext, BankAccount } from "@/lib/banking/types";
import { crashPoint } from "@/lib/crash-points";
import { prisma, type Tx } from "@/lib/db/client";
import { transaction } from "@/lib/db/transaction";
import type { Consent } from "@/lib/generated/prisma/client";
import { syncsAccount } from "@/lib/accounttracking/accounts/lifecycle";
import { canMove, grantsAccess, moveConsent } from "@/lib/accounttracking/consents/lifecycle";
import { revokeConfirmedAtBank } from "@/lib/accounttracking/consents/revoke-consent";
import { integrationFor } from "@/lib/banking/registry";
import { bankErrorCode } from "@/lib/banking/errors";
import { requestRun } from "@/lib/sync/service";
import { log } from "@/lib/log";

/** Inside the approval's transaction. */
export async function finishRenewal(
  tx: Tx,
  renewal: Consent,
  accounts: BankAccount[],
  context: AccessContext,
): Promise<void> {
  const old = await tx.consent.findUnique({ where: { id: renewal.renewsConsentId ?? "" } });
  if (!old || !canMove(old.status, "renewed", "renewal")) return;
  const stillLiveAtBank = grantsAccess(old.status) && old.externalId !== null && old.bankId !== null;
  await moveConsent(
    tx,
    old.id,
    { from: old.status, to: "renewed", by: "renewal" },
    { statusReason: `Replaced by the renewed consent ${renewal.id}.`, bankEndPending: stillLiveAtBank },
  );
  const tracked = await tx.trackedAccount.findMany({ where: { consentId: old.id } });
  for (const account of tracked) {
    const same =
      accounts.find((a) => a.externalId === account.externalId) ??
      accounts.find((a) => a.iban !== null && a.iban === account.iban);
    await tx.trackedAccount.update({
      where: { id: account.id },
      data: { consentId: renewal.id, externalId: same?.externalId ?? account.externalId },
    });
    // A stopped or archived account moves with the consent but stays unsynced until resumed.
    if (!syncsAccount(account.trackingState)) continue;
    await requestRun(tx, {
      scopeId: account.scopeId,
      accountId: account.id,
      trigger: "manual",
      attended: context.psuIpAddress !== null,
      psuIpAddress: context.psuIpAddress,
    });
  }
}

/**
 * A consent we ended here but not yet at the bank: DELETE it there, then clear the mark. Already
 * gone at the bank counts as done; a bank that cannot answer keeps the mark for the repair tick.
 */
export async function endOwedAtBank(consentId: string, context: AccessContext): Promise<boolean> {
  const consent = await prisma().consent.findUnique({ where: { id: consentId } });
  if (!consent?.bankEndPending) return true;
  const integration = integrationFor(consent.integrationName);
  if (integration && consent.externalId && consent.bankId) {
    try {
      await integration.deleteConsent(consent.bankId, consent.externalId, context);
    } catch (error) {
      if (!bankErrorCode(error, "consent_invalid", "not_found")) {
        log.warn("ending a consent at the bank failed; the repair tick tries again", { consentId, error });
        return false;
      }
    }
  }
  crashPoint("renewal.old-ended-at-bank");
  await transaction(async (tx) => {
    await tx.consent.updateMany({ where: { id: consentId, bankEndPending: true }, data: { bankEndPending: false } });
    await revokeConfirmedAtBank(tx, consentId);
  });
  return true;
}
