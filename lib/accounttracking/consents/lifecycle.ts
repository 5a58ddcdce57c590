// The consent lifecycle, readable in one place: its statuses, the table of allowed moves (who may
// cause each, and the event it emits), the guards every caller asks instead of comparing statuses,
// what the bank's NextGenPSD2 words mean here, and the one function that writes the status column.
//
// A move is a conditional write (`UPDATE … WHERE id = $1 AND status = $from RETURNING …`), so two
// writers that race (a callback and a status refresh, a revoke and a renewal) cannot both move the
// consent, and nothing overwrites a state it did not read. The events a move causes are written by
// the move, into the outbox (lib/webhooks/outbox.ts), in the move's own transaction. A refused move
// is logged, writes nothing and answers the consent as it is.
// lib/accounttracking/lifecycle-writers.test.ts fails if anything else writes the column or
// compares a status with a literal.
import "server-only";
import type { BankConsentStatus } from "@/lib/banking/types";
import type { Tx } from "@/lib/db/client";
import { within } from "@/lib/db/transaction";
import type { Consent, ConsentStatus, Prisma } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";
import { resolveConsentEnding } from "@/lib/notifications/consent-ending";
import type { WebhookEventType } from "@/lib/webhooks/events";
import { emitEvent } from "@/lib/webhooks/outbox";

/** Who causes a move: the bank's word (a callback, a status read, a refusal during a sync), a person, a renewal. */
export type ConsentActor = "bank" | "person" | "renewal";

/** The ends a consent.ended event reports (its schema's `status`). */
const ENDINGS = ["expired", "revoked"] as const;

type Move = {
  from: ConsentStatus;
  to: ConsentStatus;
  by: readonly ConsentActor[];
  why: string;
  emits?: Extract<WebhookEventType, "consent.ended">;
};

export const CONSENT_TRANSITIONS: readonly Move[] = [
  { from: "pending", to: "valid", by: ["bank"], why: "approved at the bank, through an accepted callback" },
  { from: "pending", to: "rejected", by: ["bank"], why: "declined or cancelled at the bank" },
  { from: "pending", to: "expired", by: ["bank"], why: "the bank let the request lapse", emits: "consent.ended" },
  { from: "pending", to: "revoked", by: ["bank", "person"], why: "ended before approval", emits: "consent.ended" },
  { from: "valid", to: "expired", by: ["bank"], why: "its validity ended at the bank", emits: "consent.ended" },
  {
    from: "valid",
    to: "revoked",
    by: ["bank", "person"],
    why: "withdrawn by the account holder or by a person here",
    emits: "consent.ended",
  },
  { from: "valid", to: "renewed", by: ["renewal"], why: "its renewal was approved" },
  { from: "expired", to: "renewed", by: ["renewal"], why: "its renewal was approved (a reconnect)" },
  { from: "revoked", to: "renewed", by: ["renewal"], why: "its renewal was approved (a reconnect)" },
];

// ——— guards: every question about a status is asked here ———

export function canMove(from: ConsentStatus, to: ConsentStatus, by: ConsentActor): boolean {
  return CONSENT_TRANSITIONS.some((m) => m.from === from && m.to === to && m.by.includes(by));
}

/** The statuses from which `by` may move a consent to `to`. */
export const statusesMovableTo = (to: ConsentStatus, by: ConsentActor): ConsentStatus[] =>
  CONSENT_TRANSITIONS.filter((m) => m.to === to && m.by.includes(by)).map((m) => m.from);

/** Ended: no move leaves it, except to `renewed` (a reconnect) for the renewable ones. */
export const isEnded = (status: ConsentStatus): boolean =>
  !CONSENT_TRANSITIONS.some((m) => m.from === status && m.to !== "renewed");

/** Waiting for the account holder at the bank: the statuses the approval moves to valid. */
export const AWAITING_APPROVAL: ConsentStatus[] = statusesMovableTo("valid", "bank");
export const awaitsApproval = (status: ConsentStatus): boolean => AWAITING_APPROVAL.includes(status);

/** Grants access to the bank's accounts now: syncs may run, accounts may be tracked. */
export const GRANTS_ACCESS: ConsentStatus = "valid";
export const grantsAccess = (status: ConsentStatus): boolean => status === GRANTS_ACCESS;

/** The same, for statements that select consents (`c`: an alias or the table's name). */
export const grantsAccessSql = (c: string): string => `${c}.status = '${GRANTS_ACCESS}'`;

/** A person may revoke it (at the bank and here). */
export const canRevoke = (status: ConsentStatus): boolean => canMove(status, "revoked", "person");

/** A renewal may replace it (a valid one before it ends, an ended one as a reconnect). */
export const canRenew = (status: ConsentStatus): boolean => canMove(status, "renewed", "renewal");

/** Already what a person's revoke makes of it. */
export const isRevoked = (status: ConsentStatus): boolean => status === "revoked";

/** Ended by the bank's calendar (its validity ran out), rather than withdrawn. */
export const isExpired = (status: ConsentStatus): boolean => status === "expired";

// ——— the bank's words ———

/** NextGenPSD2 status → ours; null: still open at the bank, or a code we don't know (no move). */
export function statusFromBank(bank: BankConsentStatus): ConsentStatus | null {
  switch (bank) {
    case "valid":
      return "valid";
    case "rejected":
      return "rejected";
    case "expired":
      return "expired";
    case "revokedByPsu":
    case "terminatedByTpp":
      return "revoked";
    case "received":
    case "partiallyAuthorised":
    case "unknown":
      return null;
    default: {
      const exhaustive: never = bank;
      return exhaustive;
    }
  }
}

/** The bank has not decided yet (the account holder is still there, or it answered a code we don't know). */
export const openAtBank = (bank: BankConsentStatus): boolean => statusFromBank(bank) === null;

/** After the bank's cancel redirect: still open there, or rejected there, the cancel stands. */
export const cancelStandsAtBank = (bank: BankConsentStatus): boolean => {
  const said = statusFromBank(bank);
  return said === null || said === "rejected";
};

/** The bank says the account holder approved. */
export const approvedAtBank = (bank: BankConsentStatus): boolean => statusFromBank(bank) === GRANTS_ACCESS;

/**
 * What a consent the bank no longer knows ended as: a pending one was never approved (rejected), a
 * valid one expired (when the bank said so) or was withdrawn.
 */
export const endedByBank = (status: ConsentStatus, expired: boolean): ConsentStatus =>
  awaitsApproval(status) ? "rejected" : expired ? "expired" : "revoked";

// ——— the one writer ———

/** Fields that go with a move (its reason, the bank's dates); never the status itself. */
export type ConsentPatch = Omit<Prisma.ConsentUpdateManyMutationInput, "status">;

export type MoveResult = { consent: Consent; moved: boolean };

/**
 * Moves the consent `from` → `to` if it is still `from`, with `patch`, and writes the event the move
 * emits, both in `db` when it is a transaction (the move belongs with the caller's other writes),
 * else in a transaction of their own. Refused (not in the table, or the consent is no longer
 * `from`): nothing is written; the current consent is returned with `moved: false`.
 */
export async function moveConsent(
  db: Tx,
  consentId: string,
  move: { from: ConsentStatus; to: ConsentStatus; by: ConsentActor },
  patch: ConsentPatch = {},
): Promise<MoveResult> {
  const entry = CONSENT_TRANSITIONS.find((m) => m.from === move.from && m.to === move.to && m.by.includes(move.by));
  if (!entry) {
    log.warn("consent move refused: not in the transition table", { consentId, ...move });
    return { consent: await db.consent.findUniqueOrThrow({ where: { id: consentId } }), moved: false };
  }
  const moved = await within(db, async (tx) => {
    const [consent] = await tx.consent.updateManyAndReturn({
      where: { id: consentId, status: entry.from },
      data: { ...patch, status: entry.to, lastCheckedAt: patch.lastCheckedAt ?? new Date() },
    });
    if (consent && entry.emits) {
      const status = ENDINGS.find((s) => s === entry.to);
      if (status === undefined) throw new Error(`consent.ended for a move to ${entry.to}`);
      await emitEvent(tx, consent.scopeId, {
        type: entry.emits,
        data: { consentId, status, reason: consent.statusReason, bankName: consent.bankName },
      });
    }
    // Renewed, revoked or expired: a notice that its access ends soon has nothing left to say.
    if (consent && grantsAccess(entry.from) && !grantsAccess(entry.to))
      await resolveConsentEnding(tx, consent.scopeId, consentId);
    return consent;
  });
  if (moved) return { consent: moved, moved: true };
  const consent = await db.consent.findUniqueOrThrow({ where: { id: consentId } });
  log.info("consent move refused: the consent moved meanwhile", { consentId, ...move, now: consent.status });
  return { consent, moved: false };
}

/** Same status, new facts (the bank's dates, a reason, when we last checked): never a move. */
export async function noteConsent(db: Tx, consentId: string, patch: ConsentPatch): Promise<Consent> {
  return db.consent.update({ where: { id: consentId }, data: patch });
}
