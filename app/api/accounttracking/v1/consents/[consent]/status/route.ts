// GET /api/accounttracking/v1/consents/{consent}/status — scoped; accounts.read. The consent as
// we know it, with refreshedAt: when the bank last told us its status (at approval, a person's
// refresh, the background check, or a sync the bank refused). No bank call: POST …/refresh asks it.
import { CONSENT_READ } from "@/lib/api/records";
import { ConsentSchema } from "@/lib/openapi/schemas/accounttracking";
import { methods, route } from "@/lib/api/route";

import { serializeConsent } from "@/lib/accounttracking/serialize";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Account tracking", {
  GET: route("getConsentStatus", "The consent's status as last confirmed by the bank (stored state)", {
    ...CONSENT_READ,
    responses: { 200: ConsentSchema },
    handler: ({ found: consent }) => Promise.resolve({ data: serializeConsent(consent) }),
  }),
});
