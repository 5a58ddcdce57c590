// pg-boss 10.4 records a finished job's end without awaiting it (src/manager.js, work(): a bare
// `this.complete(…)` / `this.fail(…)`), so a database lost at that moment rejects a promise nobody
// holds, and Node ends a process on an unhandled rejection. 10.4.2 is the last 10.x; 11 and later need
// Node 22. The job itself is safe: it stays active, expires and is taken again, and every handler
// here is idempotent (a run's state decides, lib/sync/claim.ts). Next.js's server logs every unhandled
// rejection and carries on, so the in-app worker never died of it; `npm run worker` tolerates exactly
// this one and still ends on any other (testing/integration/db/transaction-pooler.integration.test.ts
// stops the pooler under a worker).
import { log } from "@/lib/log";

/** Whether `reason` is pg-boss failing to record a job's end. */
export function isUnrecordedJobEnd(reason: unknown): boolean {
  const stack = reason instanceof Error ? (reason.stack ?? "") : "";
  return /pg-boss[\\/]src[\\/]manager\.js/.test(stack) && /\bManager\.(complete|fail) /.test(stack);
}

/** Installs the process's unhandled-rejection policy: that one is logged, any other ends the process. */
export function tolerateUnrecordedJobEnds(): void {
  process.on("unhandledRejection", (reason) => {
    if (isUnrecordedJobEnd(reason)) {
      log.warn("pg-boss could not record a job's end; the job expires and is taken again", { error: reason });
      return;
    }
    // What Node does without a listener: report it and end.
    console.error(reason);
    process.exit(1);
  });
}
