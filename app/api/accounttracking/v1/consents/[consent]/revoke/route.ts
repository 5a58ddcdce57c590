// POST /api/accounttracking/v1/consents/{consent}/revoke — scoped; a person with accounts.setup.
// Ends the consent at the bank (DELETE, terminatedByTpp) and here (status revoked). Revoking a
// revoked consent returns it unchanged; a rejected, expired or renewed one → 409.
// The bank is called first with no transaction open, then the end is written: after a crash between
// the two, a retry finds the consent gone at the bank (accepted) and writes it.
import { ConsentSchema } from "@/lib/openapi/schemas/accounttracking";
import { BANK_ERRORS } from "@/lib/openapi/errors";
import { methods, route } from "@/lib/api/route";
import { accessContext } from "@/lib/accounttracking/access";
import { CONSENT_SETUP, revokeConsent } from "@/lib/accounttracking/consents";
import { serializeConsent } from "@/lib/accounttracking/serialize";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Account tracking", {
  POST: route("revokeConsent", "Revoke a consent at the bank and here", {
    ...CONSENT_SETUP,
    responses: { 200: ConsentSchema },
    errors: BANK_ERRORS,
    transaction: "narrow",
    handler: async ({ db, principal, request, requestId, found: consent }) => ({
      data: serializeConsent(await revokeConsent(db, consent, accessContext(request, principal, requestId))),
    }),
  }),
});
