// Named crash points: the places between two writes of a multi-step operation where the process can
// die. `crashPoint(name)` does nothing unless CRASH_AT names it; then the process ends at once, without
// cleanup or flushing (SIGKILL to itself), exactly as a crash or an OOM kill would end it there. The
// crash suite (e2e/crash-points.crash.spec.ts) runs each operation once per point against the built
// app, restarts it, and shows that a retry or the repair tick finishes the operation.
import { env } from "@/lib/env";

export const CRASH_POINTS = [
  "connect.consent-created",
  "redirect.sending-recorded",
  "redirect.bank-consent-created",
  "callback.state-spent",
  "decoupled.sca-finalised",
  "decoupled.sca-failed",
  "callback.code-exchanged",
  "approval.consent-valid",
  "renewal.accounts-moved",
  "renewal.old-ended-at-bank",
  "revoke.intent-recorded",
  "revoke.ended-at-bank",
  "track.account-created",
  "sync.page-written",
  "sync.reconciled",
  "consolidate.committed",
  "statements.batch-written",
] as const;

export type CrashPoint = (typeof CRASH_POINTS)[number];

export function crashPoint(name: CrashPoint): void {
  if (env.CRASH_AT !== name) return;
  process.stderr.write(`CRASH_AT=${name}: this process dies here (test switch)\n`);
  process.kill(process.pid, "SIGKILL");
}
