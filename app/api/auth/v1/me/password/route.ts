// PUT /api/auth/v1/me/password — a person in their own browser session (tokens: 403):
// {currentPassword, newPassword} → 204. A wrong current password is 422 on currentPassword.
// Every other session and every token of a password sign-in ends; this session's cookie is
// re-issued at the new credentials generation, so it stays signed in.
import { perCaller } from "@/lib/api/rate-limit";
import { forbidden } from "@/lib/errors";
import { NO_BODY } from "@/lib/api/responses";
import { methods, route, unscoped } from "@/lib/api/route";
import { reissuedSessionHeaders } from "@/lib/auth/session";
import { ChangePasswordBody } from "@/lib/identity/schemas";
import { changePassword } from "@/lib/identity/password-change";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Authentication", {
  PUT: route("changePassword", "Change your password", {
    description:
      "Only from your own browser session: a token acting as you cannot change it. Ends every other browser " +
      "session and every access and refresh token of a password sign-in (they answer 401 `credentials_changed`); " +
      "this session stays signed in (its cookie is re-issued). Personal access tokens and API keys are not ended.",
    ...unscoped("user"),
    body: ChangePasswordBody,
    limit: perCaller("auth"),
    responses: { 204: NO_BODY },
    errors: ["forbidden"],
    handler: async ({ body, principal, request }) => {
      if (principal.via !== "session")
        throw forbidden("Change your password from your browser session, not with a token.");
      const generation = await changePassword({ ...body, userId: principal.userId });
      return { status: 204, headers: await reissuedSessionHeaders(request.headers.get("cookie"), generation) };
    },
  }),
});
