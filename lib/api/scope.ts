// X-Scope → the caller's role in that scope. Not a member (or no such scope) → 404, so a
// scope's existence never leaks; a member without the capability → 403 forbidden.
import { ApiError, forbidden } from "@/lib/errors";
import { isUuid } from "@/lib/ids";

export { isUuid };
import { hasCapability, type Capability } from "@/lib/auth/capabilities";
import type { Principal } from "@/lib/auth/principal";
import { pool } from "@/lib/db/client";
import type { Role } from "@/lib/generated/prisma/enums";

export type ScopeContext = { scopeId: string; role: Role };

/** Reads the header without touching the database: a missing header is a client mistake, not a permission problem. */
export function scopeHeader(request: Request): string {
  const value = request.headers.get("x-scope")?.trim();
  if (!value) {
    throw new ApiError("scope_missing", "Send the X-Scope header with a scopeId from GET /api/scopes/v1.");
  }
  return value;
}

const scopeNotFound = () =>
  new ApiError("not_found", "Scope not found, or you are not a member of it. Pick a scopeId from GET /api/scopes/v1.");

/** `knownRole`: the membership already read with the credentials (null: not a member); undefined reads it here. */
export async function resolveScope(
  principal: Principal,
  scopeId: string,
  knownRole?: Role | null,
): Promise<ScopeContext> {
  if (!isUuid(scopeId)) throw scopeNotFound();
  if (principal.kind === "app") {
    if (principal.scopeId !== scopeId) throw scopeNotFound();
    return { scopeId, role: principal.role };
  }
  if (knownRole !== undefined) {
    if (knownRole === null) throw scopeNotFound();
    return { scopeId, role: knownRole };
  }
  const { rows } = await pool().query<{ role: Role }>(
    "SELECT role FROM memberships WHERE scope_id = $1 AND user_id = $2",
    [scopeId, principal.userId],
  );
  if (!rows[0]) throw scopeNotFound();
  return { scopeId, role: rows[0].role };
}

export function authorize(scope: ScopeContext, capability: Capability): void {
  if (!hasCapability(scope.role, capability)) {
    throw forbidden(`Your role (${scope.role}) in this scope lacks the ${capability} capability.`);
  }
}
