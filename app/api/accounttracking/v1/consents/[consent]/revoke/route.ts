// POST /api/accounttracking/v1/consents/{consent}/revoke — scoped; a person with accounts.setup.
// Ends the consent at the bank (DELETE, terminatedByTpp) and here (status revoked); a bank that
// cannot answer does not keep it alive here: it is revoked here and ended there later (the repair
// tick). Revoking a revoked consent returns it unchanged; a rejected, expired or renewed one → 409.
// The verb (lib/accounttracking/consents/revoke-consent.ts) records the intent, calls the bank with no transaction
// open, then writes the end; after a crash anywhere in between the repair tick finishes it.
import { CONSENT_SETUP } from "@/lib/api/records";
import { ConsentSchema } from "@/lib/openapi/schemas/accounttracking";
import { BANK_ERRORS } from "@/lib/openapi/errors";
import { methods, route } from "@/lib/api/route";
import { accessContext } from "@/lib/api/access-context";
import { revokeConsent } from "@/lib/accounttracking/consents/revoke-consent";
import { serializeConsent } from "@/lib/accounttracking/serialize";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Account tracking", {
  POST: route("revokeConsent", "Revoke a consent at the bank and here", {
    ...CONSENT_SETUP,
    responses: { 200: ConsentSchema },
    errors: BANK_ERRORS,
    handler: ({ principal, request, requestId, found: consent, answer, actor }) =>
      answer(revokeConsent, { consent, context: accessContext(request, principal, requestId), actor }, (revoked) => ({
        data: serializeConsent(revoked),
      })),
  }),
});
