// DELETE /api/auth/v1/api-keys/{id} — scoped; tokens.manage. Revokes the App token at once.
// The key is looked up in the scope first, so a foreign id is 404 whatever the caller's role.
import { TokenRecordSchema } from "@/lib/openapi/schemas/platform";
import { methods, route } from "@/lib/api/route";
import { findAppToken, revokeAppToken } from "@/lib/identity/tokens";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  DELETE: route({
    operationId: "revokeApiKey",
    tag: "Authentication",
    summary: "Revoke an App token",
    auth: "user",
    scoped: true,
    capability: "tokens.manage",
    afterLookup: true,
    uuidParams: ["id"],
    responses: { 200: TokenRecordSchema },
    handler: async ({ db, scope, params, authorize }) => {
      await findAppToken(db, scope.scopeId, params.id);
      authorize("tokens.manage");
      return { data: await revokeAppToken(db, scope.scopeId, params.id) };
    },
  }),
});
