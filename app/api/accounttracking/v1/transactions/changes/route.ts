// GET /api/accounttracking/v1/transactions/changes — scoped; accounts.read (App tokens too). The
// change feed of every account of the scope: like …/accounts/{id}/transactions/changes, each
// transaction carrying its accountId, for connectors that follow a whole scope.
import { withMeta } from "@/lib/api/responses";
import { methods, route } from "@/lib/api/route";
import { readScopeChanges } from "@/lib/changes/feed";
import { ChangesQuery } from "@/lib/changes/schemas";
import { ChangesMetaSchema, ChangesSchema } from "@/lib/openapi/schemas/changes";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Tracked accounts", {
  GET: route("listTransactionChanges", "What changed in the scope's transactions since a cursor", {
    description:
      "The feed of every tracked account of the scope, in the order the changes committed. `perPage` default 200, max 1000.",
    auth: "any",
    scoped: true,
    capability: "accounts.read",
    query: ChangesQuery,
    errors: ["cursor_expired", "service_unavailable"],
    responses: { 200: withMeta(ChangesSchema, ChangesMetaSchema) },
    handler: async ({ query, scope }) => readScopeChanges(scope.scopeId, query),
  }),
});
