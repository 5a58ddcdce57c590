// renew-consent, the verb. PSD2 consents cannot be extended: a renewal is a new pending consent for
// the same bank that the account holder approves again (through initiate-redirect.ts); once it is
// valid, the approval ends the old one and moves its accounts over (renewal.ts). A revoked or
// expired consent can be renewed too: that is how a person reconnects, and its tracked accounts
// then keep their history instead of being tracked again from scratch. One transaction; asking
// again while a renewal is pending answers that one.
import "server-only";
import { conflict } from "@/lib/errors";
import type { AuditActor } from "@/lib/audit/actor";
import { recordAudit } from "@/lib/audit/record";
import { transaction, type Commit } from "@/lib/db/transaction";
import type { Consent } from "@/lib/generated/prisma/client";
import { consentFields } from "@/lib/accounttracking/consents/consents";
import { AWAITING_APPROVAL, canRenew } from "@/lib/accounttracking/consents/lifecycle";

type RenewConsent = {
  consent: Consent;
  userId: string;
  expiryDays?: number;
  actor: AuditActor;
  commit?: Commit<Renewal>;
};

type Renewal = { consent: Consent; created: boolean };

export function renewConsent({ consent, userId, expiryDays, actor, commit = transaction }: RenewConsent) {
  if (!canRenew(consent.status)) {
    throw conflict(`Only a valid, expired or revoked consent can be renewed; this one is ${consent.status}.`);
  }
  return commit(async (tx): Promise<Renewal> => {
    const pending = await tx.consent.findFirst({
      where: { renewsConsentId: consent.id, status: { in: AWAITING_APPROVAL } },
    });
    if (pending) return { consent: pending, created: false };
    const renewal = await tx.consent.create({
      data: {
        scopeId: consent.scopeId,
        userId,
        integrationName: consent.integrationName,
        purpose: consent.purpose,
        expiryDays: expiryDays ?? consent.expiryDays,
        bankId: consent.bankId,
        bankName: consent.bankName,
        countryCode: consent.countryCode,
        renewsConsentId: consent.id,
      },
    });
    // The renewal is a new consent (the old one ends only once the renewal is approved).
    await recordAudit(tx, renewal.scopeId, actor, {
      action: "consent.renewed",
      recordType: "consent",
      recordId: renewal.id,
      after: consentFields(renewal),
    });
    return { consent: renewal, created: true };
  });
}
