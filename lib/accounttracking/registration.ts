import type { Tx } from "@/lib/db/client";
import { query } from "@/lib/db/sql";
import { conflict } from "@/lib/errors";
import { transaction, type Commit } from "@/lib/db/transaction";

export async function trackingStatus(db: Tx, scopeId: string, userId: string) {
  const row = await db.trackingRegistration.findUnique({ where: { scopeId_userId: { scopeId, userId } } });
  return { active: row !== null, activatedAt: row?.activatedAt.toISOString() ?? null };
}

/**
 * Registers the person for tracking in the scope; registering again changes nothing. Concurrent
 * first registrations: one inserts (201), the others wait for it and find the row (200). ON CONFLICT
 * instead of catching a unique violation, which would abort the caller's transaction.
 */
type Registered = { created: boolean; active: true; activatedAt: string };

/** register-for-tracking, the verb. */
export function registerForTracking({
  scopeId,
  userId,
  commit = transaction,
}: {
  scopeId: string;
  userId: string;
  commit?: Commit<Registered>;
}) {
  return commit((db) => register(db, scopeId, userId));
}

async function register(db: Tx, scopeId: string, userId: string): Promise<Registered> {
  const inserted = await query<{ activated_at: Date }>(
    db,
    `INSERT INTO tracking_registrations (scope_id, user_id) VALUES ($1::uuid, $2::uuid)
     ON CONFLICT DO NOTHING RETURNING activated_at`,
    scopeId,
    userId,
  );
  if (inserted[0]) return { created: true, active: true, activatedAt: inserted[0].activated_at.toISOString() };
  const existing = await db.trackingRegistration.findUniqueOrThrow({ where: { scopeId_userId: { scopeId, userId } } });
  return { created: false, active: true, activatedAt: existing.activatedAt.toISOString() };
}

export async function requireRegistered(db: Tx, scopeId: string, userId: string) {
  const row = await db.trackingRegistration.findUnique({ where: { scopeId_userId: { scopeId, userId } } });
  if (!row) {
    throw conflict("Register for account tracking in this scope first: POST /api/accounttracking/v1/users.");
  }
}
