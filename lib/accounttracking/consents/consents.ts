// Consents as the scope sees them: finding one, and what it exposes. The lifecycle is
// consent-lifecycle.ts; the verbs that move it are redirect, callback/approval, renewal, revoke
// and refresh, each in its own module.
import { conflict, notFound } from "@/lib/errors";
import type { Tx } from "@/lib/db/client";
import type { Consent } from "@/lib/generated/prisma/client";
import { storedConsentAccounts } from "@/lib/accounttracking/consents/consent-accounts";

export async function findConsent(db: Tx, scopeId: string, id: string): Promise<Consent> {
  const consent = await db.consent.findFirst({ where: { id, scopeId } });
  if (!consent) throw notFound("Consent");
  return consent;
}

/**
 * The accounts a valid consent exposes, as the bank last listed them (at approval or a person's
 * refresh), with when that was. No bank call: reading this list costs the bank nothing.
 */
export async function consentAccounts(db: Tx, consent: Consent) {
  if (consent.status === "pending") {
    throw conflict(
      "The consent is pending: the account holder has not approved it at the bank yet. Follow the authorization redirect first.",
    );
  }
  if (consent.status !== "valid") {
    throw conflict(`The consent is ${consent.status}; accounts can be read only under a valid consent. Renew it.`);
  }
  return { accounts: await storedConsentAccounts(db, consent.id), refreshedAt: consent.accountsRefreshedAt };
}
