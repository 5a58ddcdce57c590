// Who made a change, as the audit trail records it. A route turns its principal into an actor
// (`auditActor(ctx.principal, ctx.requestId)`) and hands it to the domain verb, which writes the row;
// domain code never reads the request. A person's bearer token is recorded by id, and whether it was
// a personal access token or a token-endpoint access token is read from api_tokens when the row is
// written (the principal does not carry it).
import type { Principal } from "@/lib/auth/principal";
import type { AppTokenKind } from "@/lib/auth/tokens";

export type AuditActor =
  | { kind: "session"; userId: string; requestId: string }
  | { kind: "user_token"; userId: string; tokenId: string; requestId: string }
  | { kind: AppTokenKind; tokenId: string; requestId: string }
  /** Our own background work finishing what a person started (e.g. the repair tick ending a revoke). */
  | { kind: "system"; requestId: string };

export function auditActor(principal: Principal, requestId: string): AuditActor {
  if (principal.kind === "app") return { kind: principal.appKind, tokenId: principal.tokenId, requestId };
  if (principal.via === "token" && principal.tokenId) {
    return { kind: "user_token", userId: principal.userId, tokenId: principal.tokenId, requestId };
  }
  return { kind: "session", userId: principal.userId, requestId };
}

export const systemActor = (requestId: string): AuditActor => ({ kind: "system", requestId });

export const actorUserId = (actor: AuditActor): string | null =>
  actor.kind === "session" || actor.kind === "user_token" ? actor.userId : null;

export const actorTokenId = (actor: AuditActor): string | null =>
  actor.kind === "session" || actor.kind === "system" ? null : actor.tokenId;
