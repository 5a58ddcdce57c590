import type { z } from "zod";
import type { PURPOSES } from "@/lib/accounttracking/schemas";
import type { Consent } from "@/lib/generated/prisma/client";
import type { ConsentSchema } from "@/lib/openapi/schemas/accounttracking";

const DAY_MS = 86_400_000;

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * Remaining validity in days, as a string (the spec's type). Pending: the requested expiryDays.
 * Valid: from the bank's own date to its validUntil. Ended: "0".
 */
export function remainingDaysOf(consent: Pick<Consent, "status" | "expiryDays" | "validUntil" | "bankDate">): string {
  if (consent.status === "pending") return String(consent.expiryDays);
  if (consent.status !== "valid" || !consent.validUntil) return "0";
  const today = consent.bankDate ?? new Date().toISOString().slice(0, 10);
  return String(Math.max(0, daysBetween(today, consent.validUntil)));
}

export function serializeConsent(consent: Consent): z.input<typeof ConsentSchema> {
  return {
    id: consent.id,
    integrationName: consent.integrationName,
    // Stored as text; only PURPOSES are ever written (CreateConsentBody).
    purpose: consent.purpose as (typeof PURPOSES)[number],
    status: consent.status,
    isValid: consent.status === "valid",
    expiresAt: consent.expiresAt?.toISOString() ?? null,
    remainingDays: remainingDaysOf(consent),
    expiryDays: consent.expiryDays,
    validUntil: consent.validUntil,
    bankId: consent.bankId,
    bankName: consent.bankName,
    // The consent's reference at the bank (for support and reconciliation); null until created there.
    bankConsentId: consent.externalId,
    countryCode: consent.countryCode,
    statusReason: consent.statusReason,
    authorizedAt: consent.authorizedAt?.toISOString() ?? null,
    lastCheckedAt: consent.lastCheckedAt?.toISOString() ?? null,
    renewsConsentId: consent.renewsConsentId,
    createdAt: consent.createdAt.toISOString(),
    updatedAt: consent.updatedAt.toISOString(),
  };
}
