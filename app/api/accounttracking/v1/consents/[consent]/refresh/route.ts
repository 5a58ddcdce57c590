// POST /api/accounttracking/v1/consents/{consent}/refresh — scoped; a person with accounts.setup.
// Asks the bank now: the consent's status, and for a valid consent the accounts it exposes (stored;
// GET …/accounts then answers them). A pending consent whose approval came back is finished. The
// one read that calls the bank, on a person's explicit action (attended: their address is sent).
import { CONSENT_SETUP } from "@/lib/api/records";
import { ConsentSchema } from "@/lib/openapi/schemas/accounttracking";
import { BANK_ERRORS } from "@/lib/openapi/errors";
import { methods, route } from "@/lib/api/route";
import { accessContext } from "@/lib/api/access-context";

import { refreshConsent } from "@/lib/accounttracking/consents/refresh-consent";
import { serializeConsent } from "@/lib/accounttracking/serialize";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Account tracking", {
  POST: route("refreshConsent", "Ask the bank for the consent's status and accounts now", {
    ...CONSENT_SETUP,
    responses: { 200: ConsentSchema },
    errors: BANK_ERRORS,
    handler: async ({ principal, request, requestId, found: consent }) => ({
      data: serializeConsent(await refreshConsent({ consent, context: accessContext(request, principal, requestId) })),
    }),
  }),
});
