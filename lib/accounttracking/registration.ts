import type { Tx } from "@/lib/db/client";
import { conflict } from "@/lib/api/errors";

export async function trackingStatus(db: Tx, scopeId: string, userId: string) {
  const row = await db.trackingRegistration.findUnique({ where: { scopeId_userId: { scopeId, userId } } });
  return { active: row !== null, activatedAt: row?.activatedAt.toISOString() ?? null };
}

/** Registers the person for tracking in the scope; registering again changes nothing. */
export async function registerForTracking(db: Tx, scopeId: string, userId: string) {
  const existing = await db.trackingRegistration.findUnique({ where: { scopeId_userId: { scopeId, userId } } });
  if (existing) return { created: false, active: true, activatedAt: existing.activatedAt.toISOString() };
  const row = await db.trackingRegistration.create({ data: { scopeId, userId } });
  return { created: true, active: true, activatedAt: row.activatedAt.toISOString() };
}

export async function requireRegistered(db: Tx, scopeId: string, userId: string) {
  const row = await db.trackingRegistration.findUnique({ where: { scopeId_userId: { scopeId, userId } } });
  if (!row) {
    throw conflict("Register for account tracking in this scope first: POST /api/accounttracking/v1/users.");
  }
}
