// Issuing and revoking bearer tokens. Secrets are returned once and stored as SHA-256 only.
// Personal access tokens and App tokens are recorded in the audit trail when created or revoked
// (never their secret, hash or prefix); the token endpoint's access and refresh tokens, a sign-in's
// own, are not. Each verb writes in one transaction of its own (its `commit`, which a route may lend).
import "server-only";
import { randomUUID } from "node:crypto";
import { ApiError, notFound } from "@/lib/errors";
import type { AuditActor } from "@/lib/audit/actor";
import type { Audited } from "@/lib/audit/audited-change";
import { recordAudit } from "@/lib/audit/record";
import type { AppTokenKind } from "@/lib/auth/tokens";
import {
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  hashToken,
  isAppTokenKind,
  newTokenSecret,
} from "@/lib/auth/tokens";
import { credentialsChanged, generationHolds } from "@/lib/auth/credentials-generation";
import type { Tx } from "@/lib/db/client";
import { transaction, type Commit } from "@/lib/db/transaction";
import type { ApiToken } from "@/lib/generated/prisma/client";
import type { Role, TokenKind } from "@/lib/generated/prisma/enums";
import { serializeToken } from "@/lib/identity/serialize";

const DAY_MS = 86_400_000;
const afterDays = (days: number | null | undefined) => (days ? new Date(Date.now() + days * DAY_MS) : null);

async function issue(
  db: Tx,
  data: {
    kind: TokenKind;
    name: string;
    userId: string | null;
    scopeId?: string | null;
    role?: Role | null;
    familyId?: string | null;
    generation?: number | null;
    expiresAt: Date | null;
  },
) {
  const { secret, hash, prefix } = newTokenSecret(data.kind);
  const token = await db.apiToken.create({ data: { ...data, tokenHash: hash, prefix } });
  return { token, secret };
}

const tokenFields = (t: ApiToken) => ({
  name: t.name,
  kind: t.kind,
  role: t.role,
  expiresAt: t.expiresAt,
  revokedAt: t.revokedAt,
});

/**
 * The audit row of a token created or revoked: an App token in its scope's trail; a personal token
 * acts in every scope of its owner, so it goes into each of those scopes' trails.
 */
async function auditToken(db: Tx, actor: AuditActor, change: "created" | "revoked", token: ApiToken, was?: ApiToken) {
  const personal = token.kind === "personal";
  const scopeIds = token.scopeId
    ? [token.scopeId]
    : (await db.membership.findMany({ where: { userId: token.userId ?? "" }, select: { scopeId: true } })).map(
        (m) => m.scopeId,
      );
  for (const scopeId of scopeIds) {
    await recordAudit(db, scopeId, actor, {
      action: personal ? `personal_token.${change}` : `api_key.${change}`,
      recordType: personal ? "personal_token" : "api_key",
      recordId: token.id,
      before: was ? tokenFields(was) : null,
      after: tokenFields(token),
    });
  }
}

/** A token and its secret, shown this once. */
type Created = ReturnType<typeof serializeToken> & { token: string };

type NewPersonalToken = { userId: string; name: string; expiresInDays: number | null } & Audited<Created>;

export function createPersonalToken({ userId, name, expiresInDays, actor, commit = transaction }: NewPersonalToken) {
  return commit(async (db) => {
    const { token, secret } = await issue(db, { kind: "personal", name, userId, expiresAt: afterDays(expiresInDays) });
    await auditToken(db, actor, "created", token);
    return { ...serializeToken(token), token: secret };
  });
}

type NewAppToken = {
  scopeId: string;
  createdBy: string | null;
  name: string;
  kind: AppTokenKind;
  role: Role;
  expiresInDays: number | null;
} & Audited<Created>;

export function createAppToken({ actor, commit = transaction, expiresInDays, createdBy, ...input }: NewAppToken) {
  return commit(async (db) => {
    const { token, secret } = await issue(db, { ...input, userId: createdBy, expiresAt: afterDays(expiresInDays) });
    await auditToken(db, actor, "created", token);
    return { ...serializeToken(token), token: secret };
  });
}

/**
 * Access + refresh pair for the token endpoint, in its own transaction, under the credentials
 * generation the password was checked against (a change committed meanwhile ends this sign-in too).
 */
export function signIn({
  userId,
  generation,
  commit = transaction,
}: {
  userId: string;
  generation: number;
  commit?: Commit<TokenPair>;
}) {
  return commit((db) => issueTokenPair(db, userId, generation));
}

type TokenPair = Awaited<ReturnType<typeof issueTokenPair>>;

/** Access + refresh pair for the token endpoint. One family per sign-in, for reuse detection. */
async function issueTokenPair(db: Tx, userId: string, generation: number, familyId: string = randomUUID()) {
  const issuePart = (kind: "access" | "refresh", ttlSeconds: number) =>
    issue(db, {
      kind,
      name: "token endpoint",
      userId,
      familyId,
      generation,
      expiresAt: new Date(Date.now() + ttlSeconds * 1000),
    });
  const access = await issuePart("access", ACCESS_TOKEN_TTL_SECONDS);
  const refresh = await issuePart("refresh", REFRESH_TOKEN_TTL_SECONDS);
  return {
    accessToken: access.secret,
    tokenType: "Bearer" as const,
    expiresIn: ACCESS_TOKEN_TTL_SECONDS,
    refreshToken: refresh.secret,
    refreshExpiresIn: REFRESH_TOKEN_TTL_SECONDS,
  };
}

const invalidGrant = () =>
  new ApiError("unauthenticated", "The refresh token is not valid or has expired; sign in again.");

type Refreshed = { reused: true } | { reused: false; pair: TokenPair };

/**
 * Rotates a refresh token: the old one is revoked and a new pair issued in the same family.
 * Presenting an already-rotated refresh token means it leaked: the whole family is revoked (and
 * that commits; the caller then refuses the request).
 */
export function refreshTokenPair({
  refreshToken,
  commit = transaction,
}: {
  refreshToken: string;
  commit?: Commit<Refreshed>;
}) {
  return commit((db) => rotate(db, refreshToken));
}

async function rotate(db: Tx, refreshSecret: string): Promise<Refreshed> {
  const row = await db.apiToken.findUnique({ where: { tokenHash: hashToken(refreshSecret) } });
  if (!row || row.kind !== "refresh" || !row.userId || !row.familyId) throw invalidGrant();
  if (row.revokedAt) {
    await db.apiToken.updateMany({
      where: { familyId: row.familyId, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    return { reused: true as const };
  }
  if (row.expiresAt && row.expiresAt <= new Date()) throw invalidGrant();
  // A sign-in from before a password change, a reset or "sign out everywhere" refreshes no more.
  const person = await db.user.findUnique({ where: { id: row.userId }, select: { credentialsGeneration: true } });
  if (!person) throw invalidGrant();
  if (!generationHolds(row.generation, person.credentialsGeneration)) throw credentialsChanged();
  const revoked = await db.apiToken.updateMany({
    where: { id: row.id, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (revoked.count !== 1) throw invalidGrant();
  const pair = await issueTokenPair(db, row.userId, row.generation ?? person.credentialsGeneration, row.familyId);
  return { reused: false as const, pair };
}

/**
 * RFC 7009-style revocation by secret: revoking a refresh token ends its whole family. A personal
 * or App token revoked this way is recorded as revoked by whoever holds it (the token itself).
 */
type RevokeHeld = { secret: string; requestId: string; commit?: Commit<void> };

export function revokeBySecret({ secret, requestId, commit = transaction }: RevokeHeld): Promise<void> {
  return commit((db) => revokeHeld(db, secret, requestId));
}

async function revokeHeld(db: Tx, secret: string, requestId: string): Promise<void> {
  const row = await db.apiToken.findUnique({ where: { tokenHash: hashToken(secret) } });
  if (!row) return;
  const where = row.familyId ? { familyId: row.familyId, revokedAt: null } : { id: row.id, revokedAt: null };
  await db.apiToken.updateMany({ where, data: { revokedAt: new Date() } });
  if (row.revokedAt) return;
  const holder: AuditActor | null = isAppTokenKind(row.kind)
    ? { kind: row.kind, tokenId: row.id, requestId }
    : row.kind === "personal" && row.userId
      ? { kind: "user_token", userId: row.userId, tokenId: row.id, requestId }
      : null;
  if (holder)
    await auditToken(db, holder, "revoked", await db.apiToken.findUniqueOrThrow({ where: { id: row.id } }), row);
}

export async function listPersonalTokens(db: Tx, userId: string) {
  const rows = await db.apiToken.findMany({
    where: { userId, kind: "personal" },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return rows.map(serializeToken);
}

type Revoke = Audited<ReturnType<typeof serializeToken>>;

export function revokePersonalToken({
  userId,
  id,
  actor,
  commit = transaction,
}: { userId: string; id: string } & Revoke) {
  return commit(async (db) => {
    const row = await db.apiToken.findFirst({ where: { id, userId, kind: "personal" } });
    if (!row) throw notFound("Token");
    return revokeToken(db, row, actor);
  });
}

async function revokeToken(db: Tx, row: ApiToken, actor: AuditActor) {
  if (row.revokedAt) return serializeToken(row);
  const updated = await db.apiToken.update({ where: { id: row.id }, data: { revokedAt: new Date() } });
  await auditToken(db, actor, "revoked", updated, row);
  return serializeToken(updated);
}

export async function listAppTokens(db: Tx, scopeId: string) {
  const rows = await db.apiToken.findMany({
    where: { scopeId, kind: { in: ["api_key", "connector_app", "delegated_agent"] } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return rows.map(serializeToken);
}

export async function findAppToken(db: Tx, scopeId: string, id: string) {
  const row = await db.apiToken.findFirst({
    where: { id, scopeId, kind: { in: ["api_key", "connector_app", "delegated_agent"] } },
  });
  if (!row) throw notFound("API key");
  return row;
}

export function revokeAppToken({ token, actor, commit = transaction }: { token: ApiToken } & Revoke) {
  return commit((db) => revokeToken(db, token, actor));
}
