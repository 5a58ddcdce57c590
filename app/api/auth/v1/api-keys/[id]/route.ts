// DELETE /api/auth/v1/api-keys/{id} — scoped; tokens.manage. Revokes the App token at once.
// The key is looked up in the scope first, so a foreign id is 404 whatever the caller's role.
import { methods, route } from "@/lib/api/route";
import { findAppToken, revokeAppToken } from "@/lib/identity/tokens";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  DELETE: route({
    auth: "user",
    scoped: true,
    uuidParams: ["id"],
    handler: async ({ db, scope, params, authorize }) => {
      await findAppToken(db, scope.scopeId, params.id);
      authorize("tokens.manage");
      return { data: await revokeAppToken(db, scope.scopeId, params.id) };
    },
  }),
});
