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
// Decoupled approval (the account holder approves in the bank's app, no redirect back): a `sent`
// row with the bank's SCA status link is asked about by the approval checks (check-decoupled.ts);
// the bank's finalised moves it to approved, failed to declined, as a callback would; our wait
// running out (or the consent ended meanwhile) abandons it.
//
// While the bank has not confirmed an approval (approved or exchanged, the bank's answer still
// "received"), `next_check_at` says when it is asked again: the worker's approval checks
// (approval-checks.ts) take the due ones. The moves into those phases set it, on a schedule that
// grows with the wait (about 1, 2, 4, 8 s, a quarter of the time already waited, for about a minute,
// never sooner than the bank's Retry-After); every other move clears it. After that minute the
// repair tick asks, as it asks about any outcome left unapplied.
// A move is conditional on the phases the table lists for it (and, for the repair's, on its age),
// so a second callback, a repair tick and a person's retry cannot apply one outcome twice. The moves
// to approved or declined stamp `used_at` (the state is spent), the move to completed stamps
// `completed_at`. lib/accounttracking/lifecycle-writers.test.ts fails if anything else writes the column.
import "server-only";
import { pool, type Tx } from "@/lib/db/client";
import { env } from "@/lib/env";
import type { AuthorizationPhase, ConsentAuthorization, Prisma } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";
import { announceJob } from "@/lib/sync/queue";

/**
 * Who causes a move: our send, the hosted picker, the bank's redirect back, the approval, the repair
 * tick, the bank's SCA status of a decoupled approval.
 */
type AuthorizationActor = "redirect" | "picker" | "callback" | "approval" | "repair" | "decoupled";

type Move = {
  from: AuthorizationPhase;
  to: AuthorizationPhase;
  by: readonly AuthorizationActor[];
  why: string;
  /** Only rows this old move: a send younger than CONSENT_SEND_STALE_SECONDS may still be answered. */
  stale?: true;
  /** The moment the move records: the state spent (used_at), the outcome applied (completed_at). */
  stamps?: "usedAt" | "completedAt";
  /** The phase reached waits on the bank's word: the move schedules the next question (next_check_at). */
  asksAgain?: true;
};

export const AUTHORIZATION_TRANSITIONS: readonly Move[] = [
  {
    from: "sending",
    to: "sent",
    by: ["redirect"],
    why: "the bank created its consent; the account holder is sent there, or approves in the bank's app (decoupled: its SCA status is asked)",
    asksAgain: true,
  },
  {
    from: "sent",
    to: "sent",
    by: ["decoupled"],
    why: "the account holder has not answered in the bank's app yet; the SCA status is asked again later",
    asksAgain: true,
  },
  {
    from: "sent",
    to: "approved",
    by: ["decoupled"],
    why: "the bank's SCA status is finalised: approved in the bank's app; the state is spent",
    stamps: "usedAt",
    asksAgain: true,
  },
  {
    from: "sent",
    to: "declined",
    by: ["decoupled"],
    why: "the bank's SCA status failed: declined in the bank's app, or its time ran out; the state is spent",
    stamps: "usedAt",
  },
  {
    from: "sent",
    to: "abandoned",
    by: ["decoupled"],
    why: "not answered in the bank's app within our wait, or the consent ended meanwhile",
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
    asksAgain: true,
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
    asksAgain: true,
  },
  {
    from: "approved",
    to: "exchanged",
    by: ["approval"],
    why: "the bank's one-time code was exchanged for its session",
    asksAgain: true,
  },
  {
    from: "approved",
    to: "approved",
    by: ["approval"],
    why: "the bank has not confirmed the approval yet; it is asked again later",
    asksAgain: true,
  },
  {
    from: "exchanged",
    to: "exchanged",
    by: ["approval"],
    why: "the bank has not confirmed the session's consent yet; it is asked again later",
    asksAgain: true,
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

/** How long the approval checks keep asking a bank that has not confirmed; then the repair tick's. */
export const APPROVAL_CHECKS_FOR_MS = 60_000;
const FIRST_CHECK_MS = 1_000;
const LONGEST_PAUSE_MS = 8_000;

/**
 * When to ask the bank again about an approval it has not confirmed since `since` (the state spent):
 * a quarter of the time already waited, between 1 and 8 s (about 1, 2, 4, 8 s), so a confirmation is
 * seen within a quarter of the wait; never before the bank's Retry-After; null after about a minute.
 */
export function nextApprovalCheck(
  since: Date | null,
  retryAfterSeconds: number | null = null,
  now = new Date(),
  window: { until?: Date; longestPauseMs?: number } = {},
) {
  const start = since?.getTime() ?? now.getTime();
  const until = window.until?.getTime() ?? start + APPROVAL_CHECKS_FOR_MS;
  if (now.getTime() >= until) return null;
  const waited = now.getTime() - start;
  const longest = window.longestPauseMs ?? LONGEST_PAUSE_MS;
  const pause = Math.min(longest, Math.max(FIRST_CHECK_MS, waited / 4, (retryAfterSeconds ?? 0) * 1000));
  return new Date(Math.min(now.getTime() + pause, until));
}

/** Approved in the bank's app is asked about on its own link: the row waits on the SCA status, not a redirect. */
export const awaitsInAppApproval = (authorization: Pick<ConsentAuthorization, "phase" | "scaStatusUrl">): boolean =>
  authorization.scaStatusUrl !== null && phasesMovableTo("approved", "decoupled").includes(authorization.phase);

/** What the jobs' channel carries to wake the workers' approval checks (lib/sync/worker.ts). */
export const APPROVAL_CHECKS_WAKE = "approval-checks";

/** Phases whose next_check_at the approval checks take: an approval to confirm, an app to wait for. */
const CHECKED_PHASES: readonly AuthorizationPhase[] = [...APPROVAL_OWED, ...phasesMovableTo("approved", "decoupled")];

/** A send in flight younger than this may still be answered; an older one died. */
export const sendingStaleBefore = () => new Date(Date.now() - env.CONSENT_SEND_STALE_SECONDS * 1000);

// ——— the one writer ———

type Stamped = Omit<
  Prisma.ConsentAuthorizationUpdateManyMutationInput,
  "phase" | "usedAt" | "completedAt" | "nextCheckAt"
>;

/**
 * Moves the authorizations `which` names (one by id, a consent's, or with `{}` every one) to `to`, from whichever phases
 * the table lets `by` move there (a repair's move only rows older than the stale age), with
 * `patch`. Returns the rows moved; none when the table refuses or nothing was in such a phase.
 * A move to a phase that waits on the bank sets `next_check_at` (`move.nextCheckAt`, by default a
 * first check soon: nextApprovalCheck); any other move clears it.
 */
export async function moveAuthorizations(
  db: Tx,
  which: { id: string } | { consentId: string } | Record<string, never>,
  move: { to: AuthorizationPhase; by: AuthorizationActor; nextCheckAt?: Date | null },
  patch: Stamped = {},
): Promise<ConsentAuthorization[]> {
  const entries = AUTHORIZATION_TRANSITIONS.filter((m) => m.to === move.to && m.by.includes(move.by));
  if (entries.length === 0) {
    log.warn("authorization move refused: not in the transition table", { ...which, ...move });
    return [];
  }
  const stamps = entries.flatMap((m) => (m.stamps ? [m.stamps] : []));
  const asksAgain = entries.some((m) => m.asksAgain);
  const moved = await db.consentAuthorization.updateManyAndReturn({
    where: {
      ...which,
      OR: entries.map((m) => ({ phase: m.from, ...(m.stale ? { createdAt: { lt: sendingStaleBefore() } } : {}) })),
    },
    data: {
      ...patch,
      phase: move.to,
      nextCheckAt: asksAgain ? (move.nextCheckAt === undefined ? nextApprovalCheck(null) : move.nextCheckAt) : null,
      ...Object.fromEntries(stamps.map((column) => [column, new Date()])),
    },
  });
  // Waiting on the bank now: the workers' approval checks hear of it when this commits, and look
  // when its first check is due instead of at their longest wait (approval-checks.ts).
  if (asksAgain && moved.length > 0) await announceJob(APPROVAL_CHECKS_WAKE, db);
  return moved;
}

/** One authorization's move: the row moved, or null when it was not in a phase the move leaves. */
export async function moveAuthorization(
  db: Tx,
  id: string,
  move: { to: AuthorizationPhase; by: AuthorizationActor; nextCheckAt?: Date | null },
  patch: Stamped = {},
): Promise<ConsentAuthorization | null> {
  const [moved] = await moveAuthorizations(db, { id }, move, patch);
  return moved ?? null;
}

/** The bank has not confirmed the approval yet: it stays in its phase, asked again on the schedule. */
export async function askAgainLater(
  db: Tx,
  authorization: Pick<ConsentAuthorization, "id" | "phase" | "usedAt">,
  retryAfterSeconds: number | null = null,
): Promise<ConsentAuthorization | null> {
  const nextCheckAt = nextApprovalCheck(authorization.usedAt, retryAfterSeconds);
  return moveAuthorization(db, authorization.id, { to: authorization.phase, by: "approval", nextCheckAt });
}

/** Milliseconds until the earliest approval check is due (≤ 0: one is due now), or null when none waits. */
export async function nextApprovalCheckDueMs(): Promise<number | null> {
  const { rows } = await pool().query<{ ms: number | null }>(
    `SELECT (extract(epoch FROM min(next_check_at) - now()) * 1000)::float8 AS ms
       FROM consent_authorizations WHERE next_check_at IS NOT NULL AND phase = ANY($1::"AuthorizationPhase"[])`,
    [CHECKED_PHASES],
  );
  return rows[0]?.ms ?? null;
}

/** How long a worker holds the approval checks it took: one that died mid-check frees them after this. */
const CHECK_LEASE_SECONDS = 15;

/**
 * Takes up to `limit` approvals whose next check is due, for this worker alone: their
 * `next_check_at` moves on by the lease (rows another worker is taking are skipped), and the check's
 * own move then sets the real next one or clears it.
 */
export async function takeDueApprovalChecks(
  limit: number,
): Promise<Pick<ConsentAuthorization, "id" | "phase" | "scaStatusUrl">[]> {
  const { rows } = await pool().query<{ id: string; phase: AuthorizationPhase; scaStatusUrl: string | null }>(
    `UPDATE consent_authorizations SET next_check_at = now() + make_interval(secs => $3)
     WHERE id IN (
       SELECT id FROM consent_authorizations
       WHERE next_check_at <= now() AND phase = ANY($1::"AuthorizationPhase"[])
       ORDER BY next_check_at LIMIT $2 FOR UPDATE SKIP LOCKED)
     RETURNING id, phase, sca_status_url AS "scaStatusUrl"`,
    [CHECKED_PHASES, limit, CHECK_LEASE_SECONDS],
  );
  return rows;
}
