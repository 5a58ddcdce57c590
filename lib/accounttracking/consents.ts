// The consent lifecycle on our side. The bank is the source of truth for a consent's state: reads
// that must be live (status, remaining days) ask it, and its answer is mapped onto our statuses.
import { conflict, notFound, validationFailed } from "@/lib/api/errors";
import { recordRoute } from "@/lib/api/load";
import { bankErrorCode } from "@/lib/banking/errors";
import type { BankIntegration } from "@/lib/banking/interface";
import { integrationFor, integrationNames } from "@/lib/banking/registry";
import type { AccessContext, BankConsent, BankConsentStatus } from "@/lib/banking/types";
import type { Tx } from "@/lib/db/client";
import type { Consent, ConsentStatus } from "@/lib/generated/prisma/client";
import { bankFailure } from "@/lib/accounttracking/bank-errors";
import { addDays } from "@/lib/dates/days";

const TERMINAL: readonly ConsentStatus[] = ["rejected", "expired", "revoked", "renewed"];

const REASONS: Partial<Record<BankConsentStatus, string>> = {
  rejected: "The account holder declined at the bank, or the bank rejected the request.",
  expired: "The consent reached the end of its validity. Renew it to keep syncing.",
  revokedByPsu: "The account holder withdrew the consent at the bank.",
  terminatedByTpp: "The consent was ended by us.",
};

/** NextGenPSD2 status → ours; null keeps the current status (still at the bank, or a code we don't know). */
function statusFromBank(bank: BankConsentStatus): ConsentStatus | null {
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

export function integrationOrFail(name: string): BankIntegration {
  const integration = integrationFor(name);
  if (!integration) {
    const known = integrationNames();
    throw validationFailed({
      integrationName: [
        known.length
          ? `Unknown integration; use one of: ${known.join(", ")}`
          : "No bank integration is enabled on this server",
      ],
    });
  }
  return integration;
}

export async function findConsent(db: Tx, scopeId: string, id: string): Promise<Consent> {
  const consent = await db.consent.findFirst({ where: { id, scopeId } });
  if (!consent) throw notFound("Consent");
  return consent;
}

/** Routes about one consent, by {consent}: reading it (App tokens too), or a person setting up accounts. */
const consentRoute = recordRoute("consent", findConsent);
export const CONSENT_READ = consentRoute("any", "accounts.read");
export const CONSENT_SETUP = consentRoute("user", "accounts.setup");

/** Applies what the bank says about a consent. Ended consents never come back to life. */
export async function applyBankConsent(
  db: Tx,
  consent: Consent,
  bank: BankConsent,
  context: AccessContext,
): Promise<Consent> {
  let next = statusFromBank(bank.status);
  // Approval counts only when it came back through an accepted callback (right state, right
  // browser): otherwise someone else's bank login could be attached to this consent.
  if (next === "valid" && consent.status === "pending") {
    const accepted = await db.consentAuthorization.count({ where: { consentId: consent.id, outcome: "approved" } });
    if (accepted === 0) next = null;
  }
  const ended = TERMINAL.includes(consent.status);
  const status = ended ? consent.status : (next ?? consent.status);
  const becameValid = status === "valid" && consent.status !== "valid";
  const validUntil = bank.validUntil ?? consent.validUntil;
  const updated = await db.consent.update({
    where: { id: consent.id },
    data: {
      status,
      validUntil,
      bankDate: bank.bankDate,
      expiresAt:
        validUntil && status === "valid"
          ? new Date(`${addDays(validUntil, 1)}T00:00:00Z`)
          : status === "pending"
            ? null
            : consent.expiresAt,
      authorizedAt: becameValid ? new Date() : consent.authorizedAt,
      lastCheckedAt: new Date(),
      statusReason: status === consent.status ? consent.statusReason : (REASONS[bank.status] ?? null),
    },
  });
  if (becameValid && updated.renewsConsentId) await finishRenewal(db, updated, context);
  return updated;
}

/** Asks the bank for the consent's live state (unless it has ended or never reached the bank). */
export async function refreshConsent(db: Tx, consent: Consent, context: AccessContext): Promise<Consent> {
  if (!consent.externalId || !consent.bankId || TERMINAL.includes(consent.status)) return consent;
  const integration = integrationOrFail(consent.integrationName);
  try {
    const bank = await integration.getConsent(consent.bankId, consent.externalId, context);
    return await applyBankConsent(db, consent, bank, context);
  } catch (error) {
    if (bankErrorCode(error, "consent_invalid")) {
      // The bank no longer knows the consent: it has ended there.
      return db.consent.update({
        where: { id: consent.id },
        data: {
          status: consent.status === "pending" ? "rejected" : "revoked",
          statusReason: "The bank no longer recognises this consent.",
          lastCheckedAt: new Date(),
        },
      });
    }
    throw bankFailure(error);
  }
}

export async function revokeConsent(db: Tx, consent: Consent, context: AccessContext): Promise<Consent> {
  if (consent.status === "revoked") return consent;
  if (TERMINAL.includes(consent.status))
    throw conflict(`The consent is ${consent.status}; there is nothing to revoke.`);
  if (consent.externalId && consent.bankId) {
    const integration = integrationOrFail(consent.integrationName);
    try {
      await integration.deleteConsent(consent.bankId, consent.externalId, context);
    } catch (error) {
      // Already gone at the bank is fine; anything else means we could not revoke it there.
      if (!bankErrorCode(error, "consent_invalid", "not_found")) throw bankFailure(error);
    }
  }
  return db.consent.update({
    where: { id: consent.id },
    data: { status: "revoked", statusReason: "Revoked by a person in this workspace.", lastCheckedAt: new Date() },
  });
}

async function finishRenewal(db: Tx, renewal: Consent, context: AccessContext) {
  const old = await db.consent.findUnique({ where: { id: renewal.renewsConsentId ?? "" } });
  if (!old || old.status === "renewed") return;
  if (old.status === "valid" && old.externalId && old.bankId) {
    await integrationOrFail(old.integrationName)
      .deleteConsent(old.bankId, old.externalId, context)
      .catch(() => undefined); // best effort: the old consent ends at the bank on its own anyway
  }
  await db.consent.update({
    where: { id: old.id },
    data: {
      status: "renewed",
      statusReason: `Replaced by the renewed consent ${renewal.id}.`,
      lastCheckedAt: new Date(),
    },
  });
  await moveTrackedAccounts(db, old, renewal, context);
}

/**
 * Tracked accounts follow the renewal: same rows (so transactions, counterparts and bindings stay),
 * now under the new consent. A bank that issued new account ids for the new consent is matched by IBAN.
 */
async function moveTrackedAccounts(db: Tx, old: Consent, renewal: Consent, context: AccessContext) {
  const tracked = await db.trackedAccount.findMany({ where: { consentId: old.id } });
  if (tracked.length === 0) return;
  const exposed =
    renewal.externalId && renewal.bankId
      ? await integrationOrFail(renewal.integrationName)
          .listAccounts(renewal.bankId, renewal.externalId, context)
          .catch(() => [])
      : [];
  for (const account of tracked) {
    const same =
      exposed.find((a) => a.externalId === account.externalId) ??
      exposed.find((a) => a.iban !== null && a.iban === account.iban);
    await db.trackedAccount.update({
      where: { id: account.id },
      data: { consentId: renewal.id, externalId: same?.externalId ?? account.externalId },
    });
  }
}

export async function consentAccounts(db: Tx, consent: Consent, context: AccessContext) {
  if (consent.status === "pending") {
    throw conflict(
      "The consent is pending: the account holder has not approved it at the bank yet. Follow the authorization redirect first.",
    );
  }
  if (consent.status !== "valid" || !consent.externalId || !consent.bankId) {
    throw conflict(`The consent is ${consent.status}; accounts can be read only under a valid consent. Renew it.`);
  }
  try {
    return await integrationOrFail(consent.integrationName).listAccounts(consent.bankId, consent.externalId, context);
  } catch (error) {
    if (bankErrorCode(error, "consent_invalid")) await refreshConsent(db, consent, context).catch(() => undefined);
    throw bankFailure(error);
  }
}
