// revoke-consent, the verb: a person ends a consent, at the bank and here.
//   1. the intent is recorded (revoke_requested_at)                              → revoke.intent-recorded
//   2. the bank is asked to end it (DELETE; already gone there counts as ended)  → revoke.ended-at-bank
//   3. valid|pending → revoked, in the lifecycle.
// A bank that cannot answer does not keep the person's consent alive here: it is revoked here at
// once and marked to be ended at the bank (bank_end_pending), which the repair tick keeps asking
// for. A crash after 1 or 2: the repair tick finds the intent and finishes from the bank step.
// The move and its audit row commit together; one the repair tick finishes is recorded as the system's.
import { conflict } from "@/lib/errors";
import type { AuditActor } from "@/lib/audit/actor";
import { recordAudit } from "@/lib/audit/record";
import type { AccessContext } from "@/lib/banking/types";
import { bankErrorCode } from "@/lib/banking/errors";
import { integrationFor } from "@/lib/banking/registry";
import { crashPoint } from "@/lib/crash-points";
import { prisma, type Tx } from "@/lib/db/client";
import { transaction, type Commit } from "@/lib/db/transaction";
import type { Consent } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";
import { canRevoke, isRevoked, moveConsent } from "@/lib/accounttracking/consents/lifecycle";

const REVOKED_HERE = "Revoked by a person in this workspace.";
const NOT_CONFIRMED = `${REVOKED_HERE} The bank has not confirmed yet; we keep asking.`;

/** Ends it at the bank; false when the bank could not be reached (the end is then owed there). */
async function endAtBank(consent: Consent, context: AccessContext): Promise<boolean> {
  const integration = integrationFor(consent.integrationName);
  if (!integration || !consent.externalId || !consent.bankId) return true;
  try {
    await integration.deleteConsent(consent.bankId, consent.externalId, context);
    return true;
  } catch (error) {
    if (bankErrorCode(error, "consent_invalid", "not_found")) return true;
    log.warn("the bank did not confirm a revoke; it is ended here and asked again later", {
      consentId: consent.id,
      error,
    });
    return false;
  }
}

type Revoke = { consent: Consent; context: AccessContext; actor: AuditActor; commit?: Commit<Consent> };

/** Steps 2–3 for a consent whose revoke was asked for (the verb, and the repair tick). */
export async function finishRevoke({ consent, context, actor, commit = transaction }: Revoke): Promise<Consent> {
  if (!canRevoke(consent.status)) return consent;
  const confirmed = await endAtBank(consent, context);
  crashPoint("revoke.ended-at-bank");
  return commit(async (tx) => {
    const { consent: revoked, moved } = await moveConsent(
      tx,
      consent.id,
      { from: consent.status, to: "revoked", by: "person" },
      {
        statusReason: confirmed ? REVOKED_HERE : NOT_CONFIRMED,
        bankEndPending: !confirmed,
      },
    );
    if (moved) {
      await recordAudit(tx, consent.scopeId, actor, {
        action: "consent.revoked",
        recordType: "consent",
        recordId: consent.id,
        before: { status: consent.status },
        after: { status: revoked.status },
      });
    }
    return revoked;
  });
}

/**
 * The bank has confirmed the end a revoke owed it (the repair tick's DELETE, endOwedAtBank in
 * renewal.ts), in the transaction that clears the mark: the reason stops saying we keep asking.
 * Any other reason (a renewal's) stays.
 */
export async function revokeConfirmedAtBank(tx: Tx, consentId: string): Promise<void> {
  await tx.consent.updateMany({
    where: { id: consentId, statusReason: NOT_CONFIRMED },
    data: { statusReason: REVOKED_HERE },
  });
}

export async function revokeConsent(revoke: Revoke): Promise<Consent> {
  const { consent } = revoke;
  if (isRevoked(consent.status)) return consent;
  if (!canRevoke(consent.status)) throw conflict(`The consent is ${consent.status}; there is nothing to revoke.`);
  await prisma().consent.updateMany({
    where: { id: consent.id, revokeRequestedAt: null },
    data: { revokeRequestedAt: new Date() },
  });
  crashPoint("revoke.intent-recorded");
  return finishRevoke(revoke);
}
