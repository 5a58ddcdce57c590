// POST /api/accounttracking/v1/consents/{consent}/renew — scoped; a person with accounts.setup.
// Body (optional): {expiryDays?}. A valid, expired or revoked consent gets a renewal: a new pending consent
// for the same bank (201; 200 with the existing one if a renewal is already pending). Send the
// person through its initiate-redirect; once it is valid the old consent becomes `renewed`.
// No bank call here (the renewal reaches the bank through initiate-redirect): one transaction, its
// answer stored with it (lib/accounttracking/consents/renew-consent.ts).
import { CONSENT_SETUP } from "@/lib/api/records";
import { ConsentSchema } from "@/lib/openapi/schemas/accounttracking";
import { BANK_ERRORS } from "@/lib/openapi/errors";
import { methods, route } from "@/lib/api/route";
import { renewConsent } from "@/lib/accounttracking/consents/renew-consent";

import { RenewConsentBody } from "@/lib/accounttracking/schemas";
import { serializeConsent } from "@/lib/accounttracking/serialize";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Account tracking", {
  POST: route("renewConsent", "Renew or reconnect a consent", {
    description:
      "For a valid, expired or revoked consent: a new pending consent for the same bank; once approved, the tracked accounts move to it. While one is pending, 200 with it.",
    ...CONSENT_SETUP,
    body: RenewConsentBody,
    responses: { 201: ConsentSchema, 200: ConsentSchema },
    errors: BANK_ERRORS,
    handler: ({ principal, body, found: consent, answer, actor }) =>
      answer(renewConsent, { consent, userId: principal.userId, expiryDays: body.expiryDays, actor }, (renewal) => ({
        status: renewal.created ? 201 : 200,
        data: serializeConsent(renewal.consent),
      })),
  }),
});
