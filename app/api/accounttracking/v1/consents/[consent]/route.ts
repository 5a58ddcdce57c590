// GET /api/accounttracking/v1/consents/{consent} — scoped; accounts.read. The stored record (no bank call).
import { methods, route } from "@/lib/api/route";
import { findConsent } from "@/lib/accounttracking/consents";
import { serializeConsent } from "@/lib/accounttracking/serialize";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({
    auth: "any",
    scoped: true,
    uuidParams: ["consent"],
    handler: async ({ db, scope, params, authorize }) => {
      const consent = await findConsent(db, scope.scopeId, params.consent);
      authorize("accounts.read");
      return { data: serializeConsent(consent) };
    },
  }),
});
