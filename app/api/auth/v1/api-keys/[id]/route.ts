// DELETE /api/auth/v1/api-keys/{id} — scoped; tokens.manage. Revokes the App token at once.
// The key is looked up in the scope first, so a foreign id is 404 whatever the caller's role.
import { appTokenRoute } from "@/lib/api/records";
import { TokenRecordSchema } from "@/lib/openapi/schemas/platform";
import { methods, route } from "@/lib/api/route";
import { revokeAppToken } from "@/lib/identity/tokens";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Authentication", {
  DELETE: route("revokeApiKey", "Revoke an App token", {
    ...appTokenRoute("user", "tokens.manage"),
    responses: { 200: TokenRecordSchema },
    handler: ({ found: token, actor, answer }) =>
      answer(revokeAppToken, { token, actor }, (revoked) => ({ data: revoked })),
  }),
});
