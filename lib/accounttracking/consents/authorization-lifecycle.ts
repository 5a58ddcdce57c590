// The authorization lifecycle: one redirect to the bank, from our send to the outcome the bank's
// redirect back brought (lib/accounttracking/consents/initiate-redirect.ts sends it,
// complete-callback.ts spends its one-time state, complete-approval.ts applies the outcome). Its
// phases, the table of allowed moves, and the one function that writes the `phase` column.
//
//   picker ──(a bank chosen)──▶ sent ◀──(the bank created its consent)── sending ──▶ abandoned
//                                 │ (the bank's redirect back spends the state)
//                     approved ◀──┴──▶ declined ──(the bank says approved after all)──▶ approved
//                        │ (Enable Banking's code exchanged)          │
//                        ├──▶ exchanged ──┐                           │
//                        └────────────────┴──▶ completed ◀────────────┘  (the outcome applied)
//
// A move is conditional on the phases the table lists for it (and, for the repair's, on its age),
// so a second callback, a repair tick and a person's retry cannot apply one outcome twice. The moves
// to approved or declined stamp `used_at` (the state is spent), the move to completed stamps
// `completed_at`. lib/accounttracking/lifecycle-writers.test.ts fails if anything else writes the column.
import "server-only";
import type { Tx } from "@/lib/db/client";
import { env } from "@/lib/env";
import type { AuthorizationPhase, ConsentAuthorization, Prisma } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";

/** Who causes a move: our send, the hosted picker, the bank's redirect back, the approval, the repair tick. */
type AuthorizationActor = "redirect" | "picker" | "callback" | "approval" | "repair";

type Move = {
  from: AuthorizationPhase;
  to: AuthorizationPhase;
  by: readonly AuthorizationActor[];
  why: string;
  /** Only rows this old move: a send younger than CONSENT_SEND_STALE_SECONDS may still be answered. */
  stale?: true;
  /** The moment the move records: the state spent (used_at), the outcome applied (completed_at). */
  stamps?: "usedAt" | "completedAt";
};

export const AUTHORIZATION_TRANSITIONS: readonly Move[] = [
  {
    from: "sending",
    to: "sent",
    by: ["redirect"],
    why: "the bank created its consent; the account holder is sent there",
  },
  { from: "sending", to: "abandoned", by: ["redirect"], why: "the bank did not create its consent" },
  {
    from: "sending",
    to: "abandoned",
    by: ["repair"],
    why: "the send died between recording and the bank's answer",
    stale: true,
  },
  { from: "picker", to: "sent", by: ["picker"], why: "a bank was chosen in our picker and created its consent" },
  { from: "sent", to: "sent", by: ["picker"], why: "back from the bank, the person chose another bank" },
  {
    from: "sent",
    to: "approved",
    by: ["callback"],
    why: "the bank came back with an approval; the state is spent",
    stamps: "usedAt",
  },
  {
    from: "sent",
    to: "declined",
    by: ["callback"],
    why: "the bank came back with a cancel or an error; the state is spent",
    stamps: "usedAt",
  },
  {
    from: "declined",
    to: "approved",
    by: ["approval"],
    why: "asked, the bank said the account holder approved after all",
  },
  {
    from: "approved",
    to: "exchanged",
    by: ["approval"],
    why: "the bank's one-time code was exchanged for its session",
  },
  {
    from: "approved",
    to: "completed",
    by: ["approval"],
    why: "the outcome was applied to the consent",
    stamps: "completedAt",
  },
  {
    from: "exchanged",
    to: "completed",
    by: ["approval"],
    why: "the outcome was applied to the consent",
    stamps: "completedAt",
  },
  {
    from: "declined",
    to: "completed",
    by: ["callback"],
    why: "the cancel was confirmed at the bank and applied",
    stamps: "completedAt",
  },
];

// ——— guards ———

/** The phases `by` may move to `to` from. */
export const phasesMovableTo = (to: AuthorizationPhase, by: AuthorizationActor): AuthorizationPhase[] =>
  AUTHORIZATION_TRANSITIONS.filter((m) => m.to === to && m.by.includes(by)).map((m) => m.from);

/** The bank may still send the account holder back with this one: its state is live. */
export const LIVE_PHASES: readonly AuthorizationPhase[] = phasesMovableTo("approved", "callback");

/** A live one the caller may be handed again (a double click, a second tab, a retried API call). */
export const REUSABLE_PHASES: readonly AuthorizationPhase[] = ["picker", ...LIVE_PHASES];

/** The bank answered; the outcome is still to be applied to the consent (by the approval, or the repair tick). */
export const APPROVAL_OWED: readonly AuthorizationPhase[] = phasesMovableTo("completed", "approval");

/** Opened without a bank: our hosted picker chooses one. */
export const awaitsBankChoice = (phase: AuthorizationPhase): boolean => phase === "picker";

/** The bank's one-time code was exchanged already: the session it gave is the consent's now. */
export const isExchanged = (phase: AuthorizationPhase): boolean => phase === "exchanged";

/** Its state is spent: the bank's redirect came back with it. */
export const isSpent = (authorization: Pick<ConsentAuthorization, "usedAt">): boolean => authorization.usedAt !== null;

/** A send in flight younger than this may still be answered; an older one died. */
export const sendingStaleBefore = () => new Date(Date.now() - env.CONSENT_SEND_STALE_SECONDS * 1000);

// ——— the one writer ———

type Stamped = Omit<Prisma.ConsentAuthorizationUpdateManyMutationInput, "phase" | "usedAt" | "completedAt">;

/**
 * Moves the authorizations `which` names (one by id, a consent's, or with `{}` every one) to `to`, from whichever phases
 * the table lets `by` move there (a repair's move only rows older than the stale age), with
 * `patch`. Returns the rows moved; none when the table refuses or nothing was in such a phase.
 */
export async function moveAuthorizations(
  db: Tx,
  which: { id: string } | { consentId: string } | Record<string, never>,
  move: { to: AuthorizationPhase; by: AuthorizationActor },
  patch: Stamped = {},
): Promise<ConsentAuthorization[]> {
  const entries = AUTHORIZATION_TRANSITIONS.filter((m) => m.to === move.to && m.by.includes(move.by));
  if (entries.length === 0) {
    log.warn("authorization move refused: not in the transition table", { ...which, ...move });
    return [];
  }
  const stamps = entries.flatMap((m) => (m.stamps ? [m.stamps] : []));
  return db.consentAuthorization.updateManyAndReturn({
    where: {
      ...which,
      OR: entries.map((m) => ({ phase: m.from, ...(m.stale ? { createdAt: { lt: sendingStaleBefore() } } : {}) })),
    },
    data: {
      ...patch,
      phase: move.to,
      ...Object.fromEntries(stamps.map((column) => [column, new Date()])),
    },
  });
}

/** One authorization's move: the row moved, or null when it was not in a phase the move leaves. */
export async function moveAuthorization(
  db: Tx,
  id: string,
  move: { to: AuthorizationPhase; by: AuthorizationActor },
  patch: Stamped = {},
): Promise<ConsentAuthorization | null> {
  const [moved] = await moveAuthorizations(db, { id }, move, patch);
  return moved ?? null;
}
