// The approval checks: a bank that has not confirmed an approval yet (the sandbox user `slow`, a
// bank still processing the account holder's SCA) is asked again on the authorization's own
// schedule (its next_check_at, authorization-lifecycle.ts), not at the repair tick's pace. The
// schedule lives in the database, so a worker that stops leaves it to the next one; each check is
// the approval verb itself (complete-approval.ts), which sets the next check or clears it. An
// approval given in the bank's app (decoupled) is asked about the same way (check-decoupled.ts).
// Several workers share the due checks (each takes its own, SKIP LOCKED).
import "server-only";
import { log } from "@/lib/log";
import { awaitsInAppApproval, takeDueApprovalChecks } from "@/lib/accounttracking/consents/authorization-lifecycle";
import { checkDecoupled } from "@/lib/accounttracking/consents/check-decoupled";
import { completeApproval } from "@/lib/accounttracking/consents/complete-approval";

/** How often a worker looks for due checks: the schedule's shortest pause is 1 s. */
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

/** Looks for due checks every LOOK_EVERY_MS until the returned stop is called (it waits for the round in flight). */
export function startApprovalChecks(): () => Promise<void> {
  let round: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    round ??= runDueApprovalChecks()
      .catch((error: unknown) => log.warn("approval checks failed; the next round tries again", { error }))
      .finally(() => (round = null));
  }, LOOK_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await round;
  };
}
