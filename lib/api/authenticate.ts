// Who is calling: a bearer token (human or App) or the Auth.js session cookie of a person.
import { ApiError } from "@/lib/api/errors";
import type { Principal } from "@/lib/auth/principal";
import { sessionUserId } from "@/lib/auth/session";
import { hashToken, isAppTokenKind } from "@/lib/auth/tokens";
import { pool } from "@/lib/db/client";
import type { Role, TokenKind } from "@/lib/generated/prisma/enums";

type TokenRow = {
  id: string;
  kind: TokenKind;
  user_id: string | null;
  scope_id: string | null;
  role: Role | null;
  expired: boolean;
  revoked: boolean;
  stale_use: boolean;
};

const unauthenticated = (message: string) =>
  new ApiError("unauthenticated", message, { headers: { "www-authenticate": 'Bearer realm="ledgerlink"' } });

export async function principalFromBearer(secret: string): Promise<Principal> {
  const { rows } = await pool().query<TokenRow>(
    `SELECT id, kind, user_id, scope_id, role,
            (expires_at IS NOT NULL AND expires_at <= now()) AS expired,
            revoked_at IS NOT NULL AS revoked,
            (last_used_at IS NULL OR last_used_at < now() - interval '1 minute') AS stale_use
       FROM api_tokens WHERE token_hash = $1`,
    [hashToken(secret)],
  );
  const row = rows[0];
  if (!row || row.revoked || row.kind === "refresh") throw unauthenticated("The access token is not valid.");
  if (row.expired) throw unauthenticated("The access token has expired; refresh it or sign in again.");
  if (row.stale_use) {
    // Coarse last-used bookkeeping: at most one write per token a minute.
    void pool()
      .query("UPDATE api_tokens SET last_used_at = now() WHERE id = $1", [row.id])
      .catch(() => undefined);
  }
  if (isAppTokenKind(row.kind)) {
    if (!row.scope_id || !row.role) throw unauthenticated("The access token is not valid.");
    return { kind: "app", appKind: row.kind, tokenId: row.id, scopeId: row.scope_id, role: row.role };
  }
  if (!row.user_id) throw unauthenticated("The access token is not valid.");
  return { kind: "user", userId: row.user_id, via: "token", tokenId: row.id };
}

/** null when the request carries no credentials at all. */
export async function authenticate(request: Request): Promise<Principal | null> {
  const header = request.headers.get("authorization");
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw unauthenticated("Send the token as `Authorization: Bearer <token>`.");
    return principalFromBearer(match[1]);
  }
  const userId = await sessionUserId(request.headers.get("cookie"));
  if (!userId) return null;
  const { rowCount } = await pool().query("SELECT 1 FROM users WHERE id = $1", [userId]);
  if (!rowCount) return null;
  return { kind: "user", userId, via: "session", tokenId: null };
}

export function requirePrincipal(principal: Principal | null): Principal {
  if (!principal) throw unauthenticated("Sign in, or send `Authorization: Bearer <token>`.");
  return principal;
}
