// The consent lifecycle: the one table of allowed moves, and the one function that writes the status
// column. A move is a conditional write (`UPDATE … WHERE id = $1 AND status = $from`), so two
// writers that race (a callback and a status refresh, a revoke and a renewal) cannot both move the
// consent, and nothing overwrites a state it did not read. A refused move is logged and answers the
// consent as it is. lib/accounttracking/lifecycle-writers.test.ts fails if anything else writes it.
import type { Tx } from "@/lib/db/client";
import type { Consent, ConsentStatus, Prisma } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";

/** Who causes a move: the bank's word (a callback, a status read, a refusal during a sync), a person, a renewal. */
export type ConsentActor = "bank" | "person" | "renewal";

type Move = { from: ConsentStatus; to: ConsentStatus; by: readonly ConsentActor[]; why: string };

export const CONSENT_TRANSITIONS: readonly Move[] = [
  { from: "pending", to: "valid", by: ["bank"], why: "approved at the bank, through an accepted callback" },
  { from: "pending", to: "rejected", by: ["bank"], why: "declined or cancelled at the bank" },
  { from: "pending", to: "expired", by: ["bank"], why: "the bank let the request lapse" },
  { from: "pending", to: "revoked", by: ["bank", "person"], why: "ended before approval" },
  { from: "valid", to: "expired", by: ["bank"], why: "its validity ended at the bank" },
  { from: "valid", to: "revoked", by: ["bank", "person"], why: "withdrawn by the account holder or by a person here" },
  { from: "valid", to: "renewed", by: ["renewal"], why: "its renewal was approved" },
  { from: "expired", to: "renewed", by: ["renewal"], why: "its renewal was approved (a reconnect)" },
  { from: "revoked", to: "renewed", by: ["renewal"], why: "its renewal was approved (a reconnect)" },
];

/** Statuses no move leaves, except to `renewed` for the renewable ones. */
export const ENDED: readonly ConsentStatus[] = ["rejected", "expired", "revoked", "renewed"];

export function isAllowed(from: ConsentStatus, to: ConsentStatus, by: ConsentActor): boolean {
  return CONSENT_TRANSITIONS.some((m) => m.from === from && m.to === to && m.by.includes(by));
}

/** Fields that go with a move (its reason, the bank's dates); never the status itself. */
export type ConsentPatch = Omit<Prisma.ConsentUpdateManyMutationInput, "status">;

export type MoveResult = { consent: Consent; moved: boolean };

/**
 * Moves the consent `from` → `to` if it is still `from`, with `patch`, in `db` (a transaction when
 * the move belongs with other writes). Refused (not allowed, or the consent is no longer `from`):
 * nothing is written; the current consent is returned with `moved: false`.
 */
export async function moveConsent(
  db: Tx,
  consentId: string,
  move: { from: ConsentStatus; to: ConsentStatus; by: ConsentActor },
  patch: ConsentPatch = {},
): Promise<MoveResult> {
  if (!isAllowed(move.from, move.to, move.by)) {
    log.warn("consent move refused: not in the transition table", { consentId, ...move });
    return { consent: await db.consent.findUniqueOrThrow({ where: { id: consentId } }), moved: false };
  }
  const written = await db.consent.updateMany({
    where: { id: consentId, status: move.from },
    data: { ...patch, status: move.to, lastCheckedAt: patch.lastCheckedAt ?? new Date() },
  });
  const consent = await db.consent.findUniqueOrThrow({ where: { id: consentId } });
  if (written.count !== 1) {
    log.info("consent move refused: the consent moved meanwhile", { consentId, ...move, now: consent.status });
  }
  return { consent, moved: written.count === 1 };
}

/** Same status, new facts (the bank's dates, a reason, when we last checked): never a move. */
export async function noteConsent(db: Tx, consentId: string, patch: ConsentPatch): Promise<Consent> {
  return db.consent.update({ where: { id: consentId }, data: patch });
}
