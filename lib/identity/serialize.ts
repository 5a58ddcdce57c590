import type { ApiToken, User } from "@/lib/generated/prisma/client";

export function serializeUser(user: Pick<User, "id" | "email" | "name" | "createdAt">) {
  return { id: user.id, email: user.email, name: user.name, createdAt: user.createdAt.toISOString() };
}

export function serializeToken(token: ApiToken) {
  return {
    id: token.id,
    name: token.name,
    kind: token.kind,
    prefix: token.prefix,
    role: token.role,
    scopeId: token.scopeId,
    createdAt: token.createdAt.toISOString(),
    expiresAt: token.expiresAt?.toISOString() ?? null,
    lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
    revokedAt: token.revokedAt?.toISOString() ?? null,
  };
}
