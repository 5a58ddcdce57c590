import type { Role } from "@/lib/generated/prisma/enums";
import type { AppTokenKind } from "@/lib/auth/tokens";

/** A signed-in person: through the browser session or a bearer token of their own. */
export type UserPrincipal = {
  kind: "user";
  userId: string;
  via: "session" | "token";
  tokenId: string | null;
};

/** A machine caller bound to one scope with a fixed role. */
export type AppPrincipal = {
  kind: "app";
  appKind: AppTokenKind;
  tokenId: string;
  scopeId: string;
  role: Role;
};

export type Principal = UserPrincipal | AppPrincipal;

/** Stable key for per-principal state (rate limits, idempotency keys). */
export function principalKey(principal: Principal): string {
  return principal.kind === "user" ? `user:${principal.userId}` : `app:${principal.tokenId}`;
}
