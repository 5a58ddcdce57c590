// Consents as the scope sees them: finding one, the scope's list, and what one exposes. The
// lifecycle is lifecycle.ts; the verbs that move a consent are connect-bank, initiate-redirect,
// complete-callback / complete-approval, renew-consent (finished by renewal.ts), revoke-consent and
// refresh-consent, each in its own module; repair.ts finishes what a crash left half-done.
import { conflict, notFound } from "@/lib/errors";
import { createdAtKeyset } from "@/lib/pagination";
import type { Tx } from "@/lib/db/client";
import type { Consent, ConsentStatus } from "@/lib/generated/prisma/client";
import { storedConsentAccounts } from "@/lib/accounttracking/consents/consent-accounts";
import { awaitsApproval, grantsAccess } from "@/lib/accounttracking/consents/lifecycle";

export async function findConsent(db: Tx, scopeId: string, id: string): Promise<Consent> {
  const consent = await db.consent.findFirst({ where: { id, scopeId } });
  if (!consent) throw notFound("Consent");
  return consent;
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

/** What the audit trail says about a new consent. */
export const consentFields = (c: Consent) => ({
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
 * The accounts a valid consent exposes, as the bank last listed them (at approval or a person's
 * refresh), with when that was. No bank call: reading this list costs the bank nothing.
 */
export async function consentAccounts(db: Tx, consent: Consent) {
  if (awaitsApproval(consent.status)) {
    throw conflict(
      "The consent is pending: the account holder has not approved it at the bank yet. Follow the authorization redirect first.",
    );
  }
  if (!grantsAccess(consent.status)) {
    throw conflict(`The consent is ${consent.status}; accounts can be read only under a valid consent. Renew it.`);
  }
  return { accounts: await storedConsentAccounts(db, consent.id), refreshedAt: consent.accountsRefreshedAt };
}
