// DELETE /api/auth/v1/personal-tokens/{id} — the owner only. Revokes at once (next use → 401).
import { TokenRecordSchema } from "@/lib/openapi/schemas/platform";
import { methods, route, unscoped } from "@/lib/api/route";
import { revokePersonalToken } from "@/lib/identity/tokens";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Authentication", {
  DELETE: route("revokePersonalToken", "Revoke a personal access token", {
    ...unscoped("user"),
    uuidParams: ["id"],
    responses: { 200: TokenRecordSchema },
    handler: ({ principal, params, actor, answer }) =>
      answer(revokePersonalToken, { userId: principal.userId, id: params.id, actor }, (revoked) => ({
        data: revoked,
      })),
  }),
});
