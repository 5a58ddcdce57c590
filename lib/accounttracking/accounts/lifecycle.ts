// The tracked account's housekeeping lifecycle, readable in one place: its states, the table of
// allowed moves (who may make each, why, the event it emits), the guards every other module asks
// instead of comparing states, and the one function that writes the `tracking_state` column.
//
//   tracking ──stop──▶ stopped ──archive──▶ archived
//            ◀─resume─         ◀─restore──
//
// A stopped account gets no syncs (a person's Sync now is refused, the scheduler and a renewal skip
// it); its transactions, counterparts and figures stay, and so does its place in the change feed.
// An archived account is a stopped one put away. Hiding is not a state: it is a view choice
// (`hidden`), independent of this. A move is a conditional write (`UPDATE … WHERE id = $1 AND
// tracking_state = $from RETURNING …`), so two people racing cannot both move the account, and the
// event it emits is written into the outbox in the same transaction. A refused move writes nothing.
// lib/accounttracking/lifecycle-writers.test.ts fails if anything else writes the column or
// compares a state with a literal.
import "server-only";
import type { Tx } from "@/lib/db/client";
import { within } from "@/lib/db/transaction";
import type { AccountTracking, TrackedAccount } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";
import type { WebhookEventType } from "@/lib/webhooks/events";
import { emitEvent } from "@/lib/webhooks/outbox";

/** Who causes a move: only a person (an account is never stopped or archived behind their back). */
export type AccountActor = "person";

type Move = {
  from: AccountTracking;
  to: AccountTracking;
  by: readonly AccountActor[];
  /** The verb a person sees and the audit trail names. */
  verb: "stop" | "resume" | "archive" | "restore";
  why: string;
  emits: Extract<WebhookEventType, "account.tracking_changed">;
};

export const ACCOUNT_TRANSITIONS: readonly Move[] = [
  {
    from: "tracking",
    to: "stopped",
    by: ["person"],
    verb: "stop",
    why: "no more syncs, scheduled or asked for; rows, counterparts and figures stay",
    emits: "account.tracking_changed",
  },
  {
    from: "stopped",
    to: "tracking",
    by: ["person"],
    verb: "resume",
    why: "syncs again: an automatic update missed while stopped is due at once, a later one keeps its time",
    emits: "account.tracking_changed",
  },
  {
    from: "stopped",
    to: "archived",
    by: ["person"],
    verb: "archive",
    why: "put away: out of the UI's lists and totals, still readable through the API",
    emits: "account.tracking_changed",
  },
  {
    from: "archived",
    to: "stopped",
    by: ["person"],
    verb: "restore",
    why: "back from the archive, still stopped until resumed",
    emits: "account.tracking_changed",
  },
];

/** Every state, in the lifecycle's order (the API's enum and the list filter). */
export const ACCOUNT_TRACKING_STATES = [
  "tracking",
  "stopped",
  "archived",
] as const satisfies readonly AccountTracking[];

// ——— guards: every question about a state is asked here ———

export function canMoveAccount(from: AccountTracking, to: AccountTracking, by: AccountActor): boolean {
  return ACCOUNT_TRANSITIONS.some((m) => m.from === from && m.to === to && m.by.includes(by));
}

/** The state syncs run in; every other state gets none. */
export const SYNCS: AccountTracking = "tracking";
export const syncsAccount = (state: AccountTracking): boolean => state === SYNCS;

/** The same, for statements that select accounts (`a`: an alias or the table's name). */
export const syncsAccountSql = (a: string): string => `${a}.tracking_state = '${SYNCS}'`;

/** The verb of the move from → to, or null when the table does not list it. */
export const moveVerb = (from: AccountTracking, to: AccountTracking): Move["verb"] | null =>
  ACCOUNT_TRANSITIONS.find((m) => m.from === from && m.to === to)?.verb ?? null;

// ——— the one writer ———

export type AccountMoveResult = { account: TrackedAccount; moved: boolean };

/**
 * Moves the account `from` → `to` if it is still `from`, stamps when, and writes the event the move
 * emits, both in `db` when it is a transaction, else in a transaction of their own. Refused (not in
 * the table, or the account is no longer `from`): nothing is written; the account is returned as it
 * is with `moved: false`.
 */
export async function moveAccount(
  db: Tx,
  accountId: string,
  move: { from: AccountTracking; to: AccountTracking; by: AccountActor },
): Promise<AccountMoveResult> {
  const entry = ACCOUNT_TRANSITIONS.find((m) => m.from === move.from && m.to === move.to && m.by.includes(move.by));
  if (!entry) {
    log.warn("account move refused: not in the transition table", { accountId, ...move });
    return { account: await db.trackedAccount.findUniqueOrThrow({ where: { id: accountId } }), moved: false };
  }
  const moved = await within(db, async (tx) => {
    const [account] = await tx.trackedAccount.updateManyAndReturn({
      where: { id: accountId, trackingState: entry.from },
      data: { trackingState: entry.to, trackingChangedAt: new Date() },
    });
    if (account)
      await emitEvent(tx, account.scopeId, {
        type: entry.emits,
        data: {
          accountId,
          trackingState: entry.to,
          previous: entry.from,
          name: account.nickname ?? account.name,
          bankName: account.bankName,
        },
      });
    return account;
  });
  if (moved) return { account: moved, moved: true };
  const account = await db.trackedAccount.findUniqueOrThrow({ where: { id: accountId } });
  log.info("account move refused: the account moved meanwhile", { accountId, ...move, now: account.trackingState });
  return { account, moved: false };
}
