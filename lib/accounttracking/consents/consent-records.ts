// Consents as records of ours: creating one (the bank is only asked which bank an id names),
// renewing one, and the scope's list. Nothing here changes anything at a bank.
import { conflict, validationFailed } from "@/lib/errors";
import { createdAtKeyset } from "@/lib/pagination";
import type { Bank } from "@/lib/banking/types";
import type { AuditActor } from "@/lib/audit/actor";
import { recordAudit } from "@/lib/audit/record";
import type { Tx } from "@/lib/db/client";
import type { Consent, ConsentStatus } from "@/lib/generated/prisma/client";
import { bankFailure } from "@/lib/accounttracking/consents/bank-errors";
import { integrationOrFail } from "@/lib/accounttracking/consents/integrations";
import { requireRegistered } from "@/lib/accounttracking/registration";

type NewConsent = {
  scopeId: string;
  userId: string;
  integrationName: string;
  purpose: string;
  expiryDays: number;
  bankId?: string;
};

/** What the audit trail says about a new consent. */
const consentFields = (c: Consent) => ({
  status: c.status,
  integrationName: c.integrationName,
  bankId: c.bankId,
  bankName: c.bankName,
  countryCode: c.countryCode,
  purpose: c.purpose,
  expiryDays: c.expiryDays,
  renewsConsentId: c.renewsConsentId,
});

/**
 * Checks the request and asks the integration which bank `bankId` names (an HTTP call, so the
 * caller holds no transaction); `write` then creates the pending consent in the caller's transaction.
 */
export async function planConsent(
  db: Tx,
  input: NewConsent,
  actor: AuditActor,
): Promise<{ write: (tx: Tx) => Promise<Consent> }> {
  await requireRegistered(db, input.scopeId, input.userId);
  const integration = integrationOrFail(input.integrationName);
  let bank: Bank | null = null;
  if (input.bankId) {
    bank = await integration.getBank(input.bankId).catch((e: unknown) => {
      throw bankFailure(e);
    });
    if (!bank)
      throw validationFailed({
        bankId: ["Unknown bank for this integration; pick one from GET /api/accounttracking/v1/banks"],
      });
  }
  return {
    write: async (tx) => {
      const consent = await tx.consent.create({
        data: {
          scopeId: input.scopeId,
          userId: input.userId,
          integrationName: integration.name,
          purpose: input.purpose,
          expiryDays: input.expiryDays,
          bankId: bank?.bankId ?? null,
          bankName: bank?.name ?? null,
          countryCode: bank?.countryCode ?? null,
        },
      });
      await recordAudit(tx, consent.scopeId, actor, {
        action: "consent.created",
        recordType: "consent",
        recordId: consent.id,
        after: consentFields(consent),
      });
      return consent;
    },
  };
}

/**
 * Renewal: PSD2 consents cannot be extended, so a renewal is a new consent for the same bank that
 * the account holder approves again. When it becomes valid, the old one is ended (status renewed).
 */
export async function renewConsent(
  db: Tx,
  consent: Consent,
  userId: string,
  expiryDays: number | undefined,
  actor: AuditActor,
): Promise<{ consent: Consent; created: boolean }> {
  // A revoked consent can be renewed too: that is how a person reconnects, and its tracked accounts
  // then move to the renewal with their history instead of being tracked again from scratch.
  if (consent.status !== "valid" && consent.status !== "expired" && consent.status !== "revoked") {
    throw conflict(`Only a valid, expired or revoked consent can be renewed; this one is ${consent.status}.`);
  }
  const pending = await db.consent.findFirst({ where: { renewsConsentId: consent.id, status: "pending" } });
  if (pending) return { consent: pending, created: false };
  const renewal = await db.consent.create({
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
  await recordAudit(db, renewal.scopeId, actor, {
    action: "consent.renewed",
    recordType: "consent",
    recordId: renewal.id,
    after: consentFields(renewal),
  });
  return { consent: renewal, created: true };
}

export async function listConsents(
  db: Tx,
  scopeId: string,
  query: { perPage: number; cursor?: string; status?: ConsentStatus },
) {
  const keyset = createdAtKeyset({ name: `consents:${scopeId}`, filters: { status: query.status } }, query, "desc");
  const rows = await db.consent.findMany(keyset.args({ scopeId, ...(query.status ? { status: query.status } : {}) }));
  return keyset.page(rows);
}
