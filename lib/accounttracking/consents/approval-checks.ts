// The approval checks: a bank that has not confirmed an approval yet (the sandbox user `slow`, a
// bank still processing the account holder's SCA) is asked again on the authorization's own
// schedule (its next_check_at, authorization-lifecycle.ts), not at the repair tick's pace. The
// schedule lives in the database, so a worker that stops leaves it to the next one; each check is
// the approval verb itself (complete-approval.ts), which sets the next check or clears it. An
// approval given in the bank's app (decoupled) is asked about the same way (check-decoupled.ts).
// Several workers share the due checks (each takes its own, SKIP LOCKED).
import "server-only";
import { log } from "@/lib/log";
import {
  awaitsInAppApproval,
  nextApprovalCheckDueMs,
  takeDueApprovalChecks,
} from "@/lib/accounttracking/consents/authorization-lifecycle";
import { checkDecoupled } from "@/lib/accounttracking/consents/check-decoupled";
import { completeApproval } from "@/lib/accounttracking/consents/complete-approval";
import { dueLoops, IDLE_POLL_SECONDS, type DueLoops } from "@/lib/sync/due-loop";

/** The shortest sleep between two looks for due checks: the schedule's shortest pause is 1 s. */
const LOOK_EVERY_MS = 250;
const TAKE = 20;

/** Runs every check that is due now; returns how many ran. */
export async function runDueApprovalChecks(): Promise<number> {
  const due = await takeDueApprovalChecks(TAKE);
  await Promise.all(
    due.map((authorization) => {
      const context = { psuIpAddress: null, requestId: `approval_check_${authorization.id}_${Date.now()}` };
      const check = awaitsInAppApproval(authorization)
        ? checkDecoupled(authorization.id, context)
        : completeApproval(authorization.id, context);
      return check.catch((error: unknown) =>
        log.warn("an approval check failed; it is taken again when its lease ends", { error }),
      );
    }),
  );
  return due.length;
}

/**
 * Looks for due checks until `stop` (one loop of lib/sync/due-loop.ts): a round that took a full
 * batch looks again at once; otherwise it sleeps until the next check is due
 * (nextApprovalCheckDueMs), at least LOOK_EVERY_MS and at most IDLE_POLL_SECONDS. An authorization
 * that starts waiting on the bank is announced (APPROVAL_CHECKS_WAKE on the jobs' channel, by the
 * lifecycle's move), and `wake` starts a round then.
 */
export function startApprovalChecks(): DueLoops {
  return dueLoops({
    loops: 1,
    round: async () => {
      try {
        return (await runDueApprovalChecks()) >= TAKE;
      } catch (error) {
        log.warn("approval checks failed; the next round tries again", { error });
        return false;
      }
    },
    nextDueMs: nextApprovalCheckDueMs,
    longestMs: IDLE_POLL_SECONDS * 1000,
    shortestMs: LOOK_EVERY_MS,
  });
}
