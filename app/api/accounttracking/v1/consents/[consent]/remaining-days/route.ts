// GET /api/accounttracking/v1/consents/{consent}/remaining-days — scoped; accounts.read. Stored
// state, no bank call: {consentId, status, remainingDays (string), validUntil, expiresAt, asOf,
// refreshedAt}. The days count from today by the bank's calendar (its date at the last check,
// moved on to today), to the validUntil it stated.
import { CONSENT_READ } from "@/lib/api/records";
import { RemainingDaysSchema } from "@/lib/openapi/schemas/accounttracking";
import { methods, route } from "@/lib/api/route";

import { bankToday, remainingDaysOf } from "@/lib/accounttracking/serialize";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Account tracking", {
  GET: route("getConsentRemainingDays", "Days of validity left, counted from today (stored state)", {
    ...CONSENT_READ,
    responses: { 200: RemainingDaysSchema },
    handler: ({ found: consent }) =>
      Promise.resolve({
        data: {
          consentId: consent.id,
          status: consent.status,
          remainingDays: remainingDaysOf(consent),
          validUntil: consent.validUntil,
          expiresAt: consent.expiresAt?.toISOString() ?? null,
          asOf: consent.bankDate ? bankToday(consent) : null,
          refreshedAt: consent.lastCheckedAt?.toISOString() ?? null,
        },
      }),
  }),
});
