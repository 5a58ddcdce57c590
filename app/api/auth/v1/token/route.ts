// POST /api/auth/v1/token — public. Issues a person's short-lived access token (15 min) and a
// rotating refresh token (30 days): grantType "password" (email + password) or "refresh_token".
import { ApiError } from "@/lib/api/errors";
import { errorBody, jsonResponse } from "@/lib/api/response";
import { methods, route } from "@/lib/api/route";
import { clientAddress } from "@/lib/api/rate-limit";
import { checkCredentials } from "@/lib/identity/credentials";
import { TokenGrantBody } from "@/lib/identity/schemas";
import { issueTokenPair, refreshTokenPair } from "@/lib/identity/tokens";

function emailOf(bodyText: string): string {
  try {
    const value = (JSON.parse(bodyText) as { email?: unknown }).email;
    return typeof value === "string" ? value.trim().toLowerCase().slice(0, 254) : "";
  } catch {
    return "";
  }
}

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({
    auth: "public",
    scoped: false,
    body: TokenGrantBody,
    rateLimit: "auth",
    anonymousKey: (request, bodyText) => `token:${clientAddress(request)}:${emailOf(bodyText)}`,
    handler: async ({ db, body, requestId }) => {
      if (body.grantType === "password") {
        const user = await checkCredentials(body.email, body.password);
        if (!user) throw new ApiError("unauthenticated", "Email or password is wrong.");
        return { data: await issueTokenPair(db, user.id) };
      }
      const result = await refreshTokenPair(db, body.refreshToken);
      if (result.reused) {
        // A rotated refresh token came back, so it leaked: the family revocation commits, and the
        // caller is refused (returned as a response, not thrown, so the transaction is kept).
        const message = "This refresh token was already used; every token of this sign-in is now revoked. Sign in again.";
        return jsonResponse(errorBody("unauthenticated", message, requestId), 401, requestId);
      }
      return { data: result.pair };
    },
  }),
});
