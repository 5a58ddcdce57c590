// POST /api/auth/v1/token — public. Issues a person's short-lived access token (15 min) and a
// rotating refresh token (30 days): grantType "password" (email + password) or "refresh_token".
// Limits: a password grant counts per address, per (address, email) and per email; a refresh
// grant counts per refresh-token family (one sign-in), so people behind one NAT never share it.
import { TokenPairSchema } from "@/lib/openapi/schemas/platform";
import { ApiError } from "@/lib/errors";
import { methods, route, unscoped } from "@/lib/api/route";
import { clientAddress, passwordCheckLimits, type LimitKey, type LimitRule } from "@/lib/api/rate-limit";
import { principalKey } from "@/lib/auth/principal";
import { hashToken } from "@/lib/auth/tokens";
import { pool } from "@/lib/db/client";
import { checkCredentials } from "@/lib/identity/credentials";
import { TokenGrantBody } from "@/lib/identity/schemas";
import { refreshTokenPair, signIn } from "@/lib/identity/tokens";

function fieldsOf(bodyText: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(bodyText);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

// A signed-in caller spends its own share of the auth limit; an anonymous one, its grant's.
const grantLimits: LimitRule = async ({ principal, request, bodyText }): Promise<LimitKey[]> => {
  if (principal) return [{ name: "auth", key: principalKey(principal) }];
  const address = clientAddress(request);
  const body = fieldsOf(bodyText);
  if (body.grantType === "refresh_token" && typeof body.refreshToken === "string" && body.refreshToken.length <= 200) {
    const { rows } = await pool().query<{ family_id: string | null }>(
      "SELECT family_id FROM api_tokens WHERE token_hash = $1 AND kind = 'refresh'",
      [hashToken(body.refreshToken)],
    );
    const family = rows[0]?.family_id;
    // An unknown refresh token reaches no family: it counts like any anonymous request.
    return [family ? { name: "refresh", key: family } : { name: "default", key: `ip:${address}` }];
  }
  if (body.grantType === "password")
    return passwordCheckLimits(address, typeof body.email === "string" ? body.email : "");
  return [{ name: "auth", key: `token:${address}` }];
};

export const { GET, POST, PUT, PATCH, DELETE } = methods("Authentication", {
  POST: route("issueToken", "Exchange a password or refresh token for tokens", {
    description:
      "An access token (15 min) and a rotating refresh token (30 days), both bound to the person's credentials " +
      'generation: a password change, a password reset or "sign out everywhere" ends them (401 ' +
      "`credentials_changed`, on refresh and on every use).",
    ...unscoped("public"),
    body: TokenGrantBody,
    limit: grantLimits,
    responses: { 200: TokenPairSchema },
    errors: ["unauthenticated", "credentials_changed"],
    handler: async ({ body }) => {
      if (body.grantType === "password") {
        const user = await checkCredentials(body.email, body.password);
        if (!user) throw new ApiError("unauthenticated", "Email or password is wrong.");
        return { data: await signIn({ userId: user.id, generation: user.credentialsGeneration }) };
      }
      const result = await refreshTokenPair({ refreshToken: body.refreshToken });
      // A rotated refresh token came back, so it leaked: the family revocation has committed (the
      // verb's own transaction), and the caller is refused.
      if (result.reused)
        throw new ApiError(
          "unauthenticated",
          "This refresh token was already used; every token of this sign-in is now revoked. Sign in again.",
        );
      return { data: result.pair };
    },
  }),
});
