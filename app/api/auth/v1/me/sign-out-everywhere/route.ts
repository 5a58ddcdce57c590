// POST /api/auth/v1/me/sign-out-everywhere — a person in their own browser session (tokens: 403):
// → 204. Every other browser session and every token of a password sign-in ends at once, on every
// instance; this session's cookie is re-issued at the new credentials generation.
import { perCaller } from "@/lib/api/rate-limit";
import { forbidden } from "@/lib/errors";
import { NO_BODY } from "@/lib/api/responses";
import { methods, route, unscoped } from "@/lib/api/route";
import { signOutEverywhere } from "@/lib/auth/credentials-generation";
import { reissuedSessionHeaders } from "@/lib/auth/session";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Authentication", {
  POST: route("signOutEverywhere", "Sign out every other session", {
    description:
      "Only from your own browser session. Ends every other browser session and every access and refresh token " +
      "of a password sign-in (they answer 401 `credentials_changed`); this session stays signed in (its cookie is " +
      "re-issued). Personal access tokens and API keys are not ended: revoke them one by one.",
    ...unscoped("user"),
    limit: perCaller("auth"),
    responses: { 204: NO_BODY },
    errors: ["forbidden"],
    handler: async ({ principal, request }) => {
      if (principal.via !== "session")
        throw forbidden("Sign out everywhere from your browser session, not with a token.");
      const generation = await signOutEverywhere({ userId: principal.userId });
      return { status: 204, headers: await reissuedSessionHeaders(request.headers.get("cookie"), generation) };
    },
  }),
});
