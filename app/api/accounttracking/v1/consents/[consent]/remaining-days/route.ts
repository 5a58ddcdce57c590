// GET /api/accounttracking/v1/consents/{consent}/remaining-days — scoped; accounts.read.
// {consentId, status, remainingDays (string), validUntil, expiresAt, asOf}: counted from the bank's own date.
import { RemainingDaysSchema } from "@/lib/openapi/schemas/accounttracking";
import { BANK_ERRORS } from "@/lib/openapi/errors";
import { methods, route } from "@/lib/api/route";
import { accessContext } from "@/lib/accounttracking/access";
import { CONSENT_READ, refreshConsent } from "@/lib/accounttracking/consents";
import { remainingDaysOf } from "@/lib/accounttracking/serialize";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Account tracking", {
  GET: route("getConsentRemainingDays", "Days of validity left, counted from the bank's date", {
    ...CONSENT_READ,
    responses: { 200: RemainingDaysSchema },
    errors: BANK_ERRORS,
    handler: async ({ db, principal, request, requestId, found }) => {
      const consent = await refreshConsent(db, found, accessContext(request, principal, requestId));
      return {
        data: {
          consentId: consent.id,
          status: consent.status,
          remainingDays: remainingDaysOf(consent),
          validUntil: consent.validUntil,
          expiresAt: consent.expiresAt?.toISOString() ?? null,
          asOf: consent.bankDate,
        },
      };
    },
  }),
});
