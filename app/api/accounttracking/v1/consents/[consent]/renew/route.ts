// POST /api/accounttracking/v1/consents/{consent}/renew — scoped; a person with accounts.setup.
// Body (optional): {expiryDays?}. A valid, expired or revoked consent gets a renewal: a new pending consent
// for the same bank (201; 200 with the existing one if a renewal is already pending). Send the
// person through its initiate-redirect; once it is valid the old consent becomes `renewed`.
// No bank call here (the renewal reaches the bank through initiate-redirect): one transaction.
import { methods, route } from "@/lib/api/route";
import { renewConsent } from "@/lib/accounttracking/consent-records";
import { findConsent } from "@/lib/accounttracking/consents";
import { RenewConsentBody } from "@/lib/accounttracking/schemas";
import { serializeConsent } from "@/lib/accounttracking/serialize";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({
    auth: "user",
    scoped: true,
    uuidParams: ["consent"],
    body: RenewConsentBody,
    handler: async ({ db, scope, params, principal, body, authorize }) => {
      const consent = await findConsent(db, scope.scopeId, params.consent);
      authorize("accounts.setup");
      const result = await renewConsent(db, consent, principal.userId, body.expiryDays);
      return { status: result.created ? 201 : 200, data: serializeConsent(result.consent) };
    },
  }),
});
