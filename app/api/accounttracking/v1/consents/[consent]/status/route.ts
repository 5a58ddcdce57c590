// GET /api/accounttracking/v1/consents/{consent}/status — scoped; accounts.read. Confirms with the
// bank whether the consent is live, stores the answer, and returns the consent record.
import { ConsentSchema } from "@/lib/openapi/schemas/accounttracking";
import { BANK_ERRORS } from "@/lib/openapi/errors";
import { methods, route } from "@/lib/api/route";
import { accessContext } from "@/lib/accounttracking/access";
import { CONSENT_READ, refreshConsent } from "@/lib/accounttracking/consents";
import { serializeConsent } from "@/lib/accounttracking/serialize";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Account tracking", {
  GET: route("refreshConsentStatus", "Ask the bank for the consent's status; stores and returns it", {
    ...CONSENT_READ,
    responses: { 200: ConsentSchema },
    errors: BANK_ERRORS,
    handler: async ({ db, principal, request, requestId, found: consent }) => ({
      data: serializeConsent(await refreshConsent(db, consent, accessContext(request, principal, requestId))),
    }),
  }),
});
