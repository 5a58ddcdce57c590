// Who is calling: a bearer token (human or App) or the Auth.js session cookie of a person.
import "server-only";
import { ApiError } from "@/lib/errors";
import type { Principal } from "@/lib/auth/principal";
import { browserSession, endedSessionHeaders, type BrowserSession } from "@/lib/auth/session";
import { credentialsChanged } from "@/lib/auth/credentials-generation";
import { hashToken, isAppTokenKind } from "@/lib/auth/tokens";
import { isUuid } from "@/lib/api/scope";
import { log } from "@/lib/log";
import { pool, statement } from "@/lib/db/client";
import type { Role, TokenKind } from "@/lib/generated/prisma/enums";
import type { MembershipOfScope } from "@/lib/scopes/scopes";
import type { CachedPerson, CachedToken, CredentialSource } from "@/lib/auth/principal-cache";
import { principalCache } from "@/lib/auth/principal-listener";

type TokenRow = {
  member_role: Role | null;
  id: string;
  kind: TokenKind;
  user_id: string | null;
  scope_id: string | null;
  role: Role | null;
  expires_at_ms: number | null;
  used_at_ms: number | null;
  expired: boolean;
  revoked: boolean;
  stale_use: boolean;
  superseded: boolean;
  user_generation: number | null;
  memberships: MembershipJson[] | null;
};

type MembershipJson = { id: string; name: string; createdAtMs: number; role: Role };

// A person's memberships with their scopes, oldest scope first, as JSON: read in the credentials'
// own round trip when the route asks for them or the principal cache will keep them ($3), for the
// person `user_id` names. Epoch milliseconds, as the driver would have truncated the timestamp.
const MEMBERSHIPS = (userId: string) => `CASE WHEN $3::boolean THEN (
  SELECT coalesce(json_agg(json_build_object('id', s.id, 'name', s.name, 'role', m.role,
           'createdAtMs', floor(extract(epoch FROM s.created_at) * 1000)) ORDER BY s.created_at, s.id), '[]'::json)
    FROM memberships m JOIN scopes s ON s.id = m.scope_id WHERE m.user_id = ${userId}) END AS memberships`;

const membershipsOf = (rows: MembershipJson[] | null): MembershipOfScope[] | undefined =>
  rows?.map((m) => ({ id: m.id, name: m.name, role: m.role, createdAt: new Date(m.createdAtMs) }));

const unauthenticated = (message: string) =>
  new ApiError("unauthenticated", message, { headers: { "www-authenticate": 'Bearer realm="ledgerlink"' } });

/**
 * Who is calling, and (when the request names a scope) the person's role in it, read in the same
 * round trip. `scopeRole` is undefined when it was not looked up, null when the person is not a
 * member; App tokens carry their scope and role themselves. `memberships`: a person's memberships,
 * when asked for (undefined otherwise, and for App tokens). `source`: where the credentials were
 * checked, this process's principal cache or the database (undefined without credentials).
 */
export type Authentication = {
  principal: Principal | null;
  scopeRole?: Role | null;
  memberships?: MembershipOfScope[];
  source?: CredentialSource;
};

// Coarse last-used bookkeeping: at most one write per token a minute.
const USE_WRITTEN_EVERY_MS = 60_000;

function noteUse(tokenId: string): void {
  void pool()
    .query("UPDATE api_tokens SET last_used_at = now() WHERE id = $1", [tokenId])
    .catch((error: unknown) => log.warn("token last-used bookkeeping failed", { tokenId, error }));
}

/**
 * What a token (read now, or kept) says, with the person's memberships when it is theirs. `readRole`:
 * the person's role in the X-Scope scope as the credentials' query read it (it reads no memberships
 * when neither the route nor the cache wants them).
 */
function fromToken(
  token: CachedToken,
  person: CachedPerson | undefined,
  scopeId: string | null,
  withMemberships: boolean,
  readRole?: Role | null,
): Authentication & { principal: Principal } {
  if (isAppTokenKind(token.kind)) {
    if (!token.scopeId || !token.role) throw unauthenticated("The access token is not valid.");
    return {
      principal: { kind: "app", appKind: token.kind, tokenId: token.id, scopeId: token.scopeId, role: token.role },
    };
  }
  if (!token.userId) throw unauthenticated("The access token is not valid.");
  return {
    principal: { kind: "user", userId: token.userId, via: "token", tokenId: token.id },
    ...personView(person, scopeId, withMemberships, readRole),
  };
}

/** A person's role in the X-Scope scope (as read, else from their memberships) and, when asked, their memberships. */
function personView(
  person: CachedPerson | undefined,
  scopeId: string | null,
  withMemberships: boolean,
  readRole?: Role | null,
) {
  const memberships = person?.memberships;
  const role = () => readRole ?? memberships?.find((m) => m.id === scopeId)?.role ?? null;
  return {
    scopeRole: scopeId === null ? undefined : role(),
    memberships: withMemberships ? memberships : undefined,
  };
}

async function principalFromBearer(
  secret: string,
  scopeId: string | null,
  withMemberships: boolean,
): Promise<Authentication & { principal: Principal }> {
  const hash = hashToken(secret);
  const cache = principalCache();
  const kept = cache?.token(hash);
  const keptPerson = kept?.userId ? cache?.person(kept.userId) : undefined;
  if (kept && (isAppTokenKind(kept.kind) || keptPerson)) {
    if (Date.now() - kept.usedWrittenAtMs >= USE_WRITTEN_EVERY_MS) {
      kept.usedWrittenAtMs = Date.now();
      noteUse(kept.id);
    }
    return { ...fromToken(kept, keptPerson, scopeId, withMemberships), source: "kept" };
  }

  const ticket = cache?.begin() ?? null;
  // Named (prepared once per connection): this runs on every request the cache cannot answer, and
  // planning it each time cost more than executing it.
  const { rows } = await pool().query<TokenRow>(
    statement(
      "authenticate-bearer",
      `SELECT t.id, t.kind, t.user_id, t.scope_id, t.role,
            floor(extract(epoch FROM t.expires_at) * 1000)::float8 AS expires_at_ms,
            floor(extract(epoch FROM t.last_used_at) * 1000)::float8 AS used_at_ms,
            (t.expires_at IS NOT NULL AND t.expires_at <= now()) AS expired,
            t.revoked_at IS NOT NULL AS revoked,
            (t.last_used_at IS NULL OR t.last_used_at < now() - interval '1 minute') AS stale_use,
            coalesce(t.generation < u.credentials_generation, false) AS superseded,
            u.credentials_generation AS user_generation,
            (SELECT m.role FROM memberships m WHERE m.user_id = t.user_id AND m.scope_id = $2::uuid) AS member_role,
            ${MEMBERSHIPS("t.user_id")}
       FROM api_tokens t LEFT JOIN users u ON u.id = t.user_id WHERE t.token_hash = $1`,
      [hash, scopeId, withMemberships || ticket !== null],
    ),
  );
  const row = rows[0];
  if (!row || row.revoked || row.kind === "refresh") throw unauthenticated("The access token is not valid.");
  if (row.expired) throw unauthenticated("The access token has expired; refresh it or sign in again.");
  // A sign-in's token from before a password change, a reset or "sign out everywhere". Not kept:
  // a token the cache keeps is one that held, and the bump's notification evicts the person's tokens.
  if (row.superseded) throw credentialsChanged();
  if (row.stale_use) noteUse(row.id);
  const token: CachedToken = {
    id: row.id,
    kind: row.kind,
    userId: row.user_id,
    scopeId: row.scope_id,
    role: row.role,
    expiresAtMs: row.expires_at_ms,
    usedWrittenAtMs: row.stale_use ? Date.now() : (row.used_at_ms ?? Date.now()),
  };
  const memberships = membershipsOf(row.memberships);
  const person =
    memberships && !isAppTokenKind(row.kind) && row.user_generation !== null
      ? { memberships, generation: row.user_generation }
      : undefined;
  const answer: Authentication & { principal: Principal } = {
    ...fromToken(token, person, scopeId, withMemberships, row.member_role),
    source: "read",
  };
  cache?.keep(ticket, { hash, token, userId: row.user_id ?? undefined, person });
  return answer;
}

/**
 * A session older than the person's credentials generation: refused, its cookie deleted. On a public
 * route it is no one instead (an ended session must not keep a signed-out browser from asking for a
 * reset link or signing in again).
 */
function endedSession(session: BrowserSession, publicRoute: boolean): Authentication {
  if (publicRoute) return { principal: null };
  throw credentialsChanged(endedSessionHeaders(session.cookieName));
}

/**
 * The principal is null when the request carries no credentials at all. `scopeId` is the X-Scope
 * value when the route is scoped (only a well-formed one is looked up). `publicRoute`: an ended
 * browser session is then no one rather than refused.
 */
export async function authenticate(
  request: Request,
  scopeId: string | null = null,
  withMemberships = false,
  publicRoute = false,
): Promise<Authentication> {
  const scope = scopeId !== null && isUuid(scopeId) ? scopeId : null;
  const header = request.headers.get("authorization");
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw unauthenticated("Send the token as `Authorization: Bearer <token>`.");
    return principalFromBearer(match[1], scope, withMemberships);
  }
  const session = await browserSession(request.headers.get("cookie"));
  if (!session) return { principal: null };
  const { userId } = session;
  const principal: Principal = { kind: "user", userId, via: "session", tokenId: null };
  const cache = principalCache();
  const kept = cache?.person(userId);
  if (kept) {
    if (session.generation < kept.generation) return endedSession(session, publicRoute);
    return { principal, ...personView(kept, scope, withMemberships), source: "kept" };
  }

  const ticket = cache?.begin() ?? null;
  const { rows } = await pool().query<{
    member_role: Role | null;
    generation: number;
    memberships: MembershipJson[] | null;
  }>(
    statement(
      "authenticate-session",
      `SELECT (SELECT m.role FROM memberships m WHERE m.user_id = u.id AND m.scope_id = $2::uuid) AS member_role,
                  u.credentials_generation AS generation,
                  ${MEMBERSHIPS("u.id")}
             FROM users u WHERE u.id = $1`,
      [userId, scope, withMemberships || ticket !== null],
    ),
  );
  if (!rows[0]) return { principal: null };
  if (session.generation < rows[0].generation) return endedSession(session, publicRoute);
  const memberships = membershipsOf(rows[0].memberships);
  const person = memberships && { memberships, generation: rows[0].generation };
  if (person) cache?.keep(ticket, { userId, person });
  return { principal, ...personView(person, scope, withMemberships, rows[0].member_role), source: "read" };
}

export function requirePrincipal(principal: Principal | null): Principal {
  if (!principal) throw unauthenticated("Sign in, or send `Authorization: Bearer <token>`.");
  return principal;
}
