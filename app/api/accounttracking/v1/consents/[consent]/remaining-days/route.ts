// GET /api/accounttracking/v1/consents/{consent}/remaining-days — scoped; accounts.read.
// {consentId, status, remainingDays (string), validUntil, expiresAt, asOf}: counted from the bank's own date.
import { methods, route } from "@/lib/api/route";
import { accessContext } from "@/lib/accounttracking/access";
import { findConsent, refreshConsent } from "@/lib/accounttracking/consents";
import { remainingDaysOf } from "@/lib/accounttracking/serialize";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({
    auth: "any",
    scoped: true,
    uuidParams: ["consent"],
    handler: async ({ db, scope, params, principal, request, requestId, authorize }) => {
      const found = await findConsent(db, scope.scopeId, params.consent);
      authorize("accounts.read");
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
