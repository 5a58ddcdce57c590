// POST /api/auth/v1/revoke — public (RFC 7009 style). Revokes the token given in the body;
// a refresh token revokes its whole sign-in. Answers 200 whether or not the token existed.
import { perCaller } from "@/lib/api/rate-limit";
import { RevokedSchema } from "@/lib/openapi/schemas/platform";
import { methods, route, unscoped } from "@/lib/api/route";
import { RevokeBody } from "@/lib/identity/schemas";
import { revokeBySecret } from "@/lib/identity/tokens";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Authentication", {
  POST: route("revokeToken", "Revoke a token (a refresh token ends its whole sign-in)", {
    ...unscoped("public"),
    body: RevokeBody,
    limit: perCaller("auth"),
    responses: { 200: RevokedSchema },
    handler: async ({ body, requestId }) => {
      await revokeBySecret({ secret: body.token, requestId });
      return { data: { revoked: true } };
    },
  }),
});
