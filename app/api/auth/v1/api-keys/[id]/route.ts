// DELETE /api/auth/v1/api-keys/{id} — scoped; tokens.manage. Revokes the App token at once.
// The key is looked up in the scope first, so a foreign id is 404 whatever the caller's role.
import { appTokenRoute } from "@/lib/api/records";
import { TokenRecordSchema } from "@/lib/openapi/schemas/platform";
import { methods, route } from "@/lib/api/route";
import { auditActor } from "@/lib/audit/actor";
import { revokeAppToken } from "@/lib/identity/tokens";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Authentication", {
  DELETE: route("revokeApiKey", "Revoke an App token", {
    ...appTokenRoute("user", "tokens.manage"),
    responses: { 200: TokenRecordSchema },
    handler: async ({ db, principal, requestId, found: token }) => ({
      data: await revokeAppToken(db, token, auditActor(principal, requestId)),
    }),
  }),
});
