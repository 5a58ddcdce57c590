// POST /api/auth/v1/token — public. Issues a person's short-lived access token (15 min) and a
// rotating refresh token (30 days): grantType "password" (email + password) or "refresh_token".
// Limits: a password grant counts per address, per (address, email) and per email; a refresh
// grant counts per refresh-token family (one sign-in), so people behind one NAT never share it.
import { TokenPairSchema } from "@/lib/openapi/schemas/platform";
import { ApiError } from "@/lib/errors";
import { methods, route, unscoped } from "@/lib/api/route";
import { clientAddress, passwordCheckLimits, type LimitKey } from "@/lib/api/rate-limit";
import { hashToken } from "@/lib/auth/tokens";
import { pool } from "@/lib/db/client";
import { checkCredentials } from "@/lib/identity/credentials";
import { TokenGrantBody } from "@/lib/identity/schemas";
import { issueTokenPair, refreshTokenPair } from "@/lib/identity/tokens";

function fieldsOf(bodyText: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(bodyText);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

async function grantLimits(request: Request, bodyText: string): Promise<LimitKey[]> {
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
}

export const { GET, POST, PUT, PATCH, DELETE } = methods("Authentication", {
  POST: route("issueToken", "Exchange a password or refresh token for tokens", {
    description: "An access token (15 min) and a rotating refresh token (30 days).",
    ...unscoped("public"),
    body: TokenGrantBody,
    rateLimit: "auth",
    anonymousLimits: grantLimits,
    responses: { 200: TokenPairSchema },
    errors: ["unauthenticated"],
    handler: async ({ db, body }) => {
      if (body.grantType === "password") {
        const user = await checkCredentials(body.email, body.password);
        if (!user) throw new ApiError("unauthenticated", "Email or password is wrong.");
        return { data: await issueTokenPair(db, user.id) };
      }
      const result = await refreshTokenPair(db, body.refreshToken);
      if (result.reused) {
        // A rotated refresh token came back, so it leaked: the family revocation commits, and the
        // caller is refused (returned, not thrown, so the transaction is kept).
        const message =
          "This refresh token was already used; every token of this sign-in is now revoked. Sign in again.";
        return { error: new ApiError("unauthenticated", message) };
      }
      return { data: result.pair };
    },
  }),
});
