// GET /api/accounttracking/v1/consents/{consent} — scoped; accounts.read. The stored record (no bank call).
import { ConsentSchema } from "@/lib/openapi/schemas/accounttracking";
import { methods, route } from "@/lib/api/route";
import { findConsent } from "@/lib/accounttracking/consents";
import { serializeConsent } from "@/lib/accounttracking/serialize";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({
    operationId: "getConsent",
    tag: "Account tracking",
    summary: "Get a consent (stored state, no bank call)",
    auth: "any",
    scoped: true,
    capability: "accounts.read",
    afterLookup: true,
    uuidParams: ["consent"],
    responses: { 200: ConsentSchema },
    handler: async ({ db, scope, params, authorize }) => {
      const consent = await findConsent(db, scope.scopeId, params.consent);
      authorize("accounts.read");
      return { data: serializeConsent(consent) };
    },
  }),
});
