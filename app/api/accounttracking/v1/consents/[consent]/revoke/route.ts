// POST /api/accounttracking/v1/consents/{consent}/revoke — scoped; a person with accounts.setup.
// Ends the consent at the bank (DELETE, terminatedByTpp) and here (status revoked). Revoking a
// revoked consent returns it unchanged; a rejected, expired or renewed one → 409.
// The bank is called first with no transaction open, then the end is written: after a crash between
// the two, a retry finds the consent gone at the bank (accepted) and writes it.
import { methods, route } from "@/lib/api/route";
import { accessContext } from "@/lib/accounttracking/access";
import { findConsent, revokeConsent } from "@/lib/accounttracking/consents";
import { serializeConsent } from "@/lib/accounttracking/serialize";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({
    auth: "user",
    scoped: true,
    uuidParams: ["consent"],
    transaction: "narrow",
    handler: async ({ db, scope, params, principal, request, requestId, authorize }) => {
      const consent = await findConsent(db, scope.scopeId, params.consent);
      authorize("accounts.setup");
      return { data: serializeConsent(await revokeConsent(db, consent, accessContext(request, principal, requestId))) };
    },
  }),
});
