// GET /api/accounttracking/v1/consents/{consent} — scoped; accounts.read. The stored record (no bank call).
import { CONSENT_READ } from "@/lib/api/records";
import { ConsentSchema } from "@/lib/openapi/schemas/accounttracking";
import { methods, route } from "@/lib/api/route";

import { serializeConsent } from "@/lib/accounttracking/serialize";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Account tracking", {
  GET: route("getConsent", "Get a consent (stored state, no bank call)", {
    ...CONSENT_READ,
    responses: { 200: ConsentSchema },
    handler: ({ found: consent }) => Promise.resolve({ data: serializeConsent(consent) }),
  }),
});
