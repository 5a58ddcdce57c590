import type { z } from "zod";
import type { PURPOSES } from "@/lib/accounttracking/schemas";
import type { Consent } from "@/lib/generated/prisma/client";
import type { ConsentSchema } from "@/lib/openapi/schemas/accounttracking";
import { addDays } from "@/lib/dates/days";
import { awaitsApproval, grantsAccess } from "@/lib/accounttracking/consents/lifecycle";

const DAY_MS = 86_400_000;

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

type DayFacts = Pick<Consent, "bankDate" | "bankDateReadAt">;

/**
 * Today by the bank's calendar: its date when we last asked, moved on by the days since (a bank's
 * clock may differ from ours by a day around midnight, or by more in a sandbox). Without a check yet: ours.
 */
export function bankToday(consent: DayFacts, now = new Date()): string {
  const ours = now.toISOString().slice(0, 10);
  if (!consent.bankDate || !consent.bankDateReadAt) return consent.bankDate ?? ours;
  return addDays(consent.bankDate, daysBetween(consent.bankDateReadAt.toISOString().slice(0, 10), ours));
}

/**
 * Remaining validity in days, as a string (the spec's type), counted from today (by the bank's
 * calendar), not from the day of the last check. Pending: the requested expiryDays. Ended: "0".
 */
export function remainingDaysOf(
  consent: Pick<Consent, "status" | "expiryDays" | "validUntil"> & DayFacts,
  now = new Date(),
): string {
  if (awaitsApproval(consent.status)) return String(consent.expiryDays);
  if (!grantsAccess(consent.status) || !consent.validUntil) return "0";
  return String(Math.max(0, daysBetween(bankToday(consent, now), consent.validUntil)));
}

export function serializeConsent(consent: Consent): z.input<typeof ConsentSchema> {
  return {
    id: consent.id,
    integrationName: consent.integrationName,
    // Stored as text; only PURPOSES are ever written (CreateConsentBody).
    purpose: consent.purpose as (typeof PURPOSES)[number],
    status: consent.status,
    isValid: grantsAccess(consent.status),
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
    refreshedAt: consent.lastCheckedAt?.toISOString() ?? null,
    accountsRefreshedAt: consent.accountsRefreshedAt?.toISOString() ?? null,
    renewsConsentId: consent.renewsConsentId,
    createdAt: consent.createdAt.toISOString(),
    updatedAt: consent.updatedAt.toISOString(),
  };
}
