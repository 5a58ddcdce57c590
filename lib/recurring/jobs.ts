// The recurring payments' pg-boss queues: `recurring-detect` (one account, queued by the sync run's
// move to succeeded in its own transaction, lib/sync/run-lifecycle.ts) and `recurring-tick` (daily,
// by pg-boss's cron once across all processes). The worker takes both (startRecurringWork).
import "server-only";
import type PgBoss from "pg-boss";
import type { SqlDb } from "@/lib/db/sql";
import { log } from "@/lib/log";
import { detectAccount } from "@/lib/recurring/detect-account";
import { moveStreamsByClock } from "@/lib/recurring/tick";
import { boss, createQueue, insertJobs, workSlots } from "@/lib/sync/queue";
import { startOnce } from "@/lib/sync/start-once";

export const RECURRING_DETECT_QUEUE = "recurring-detect";
export const RECURRING_TICK_QUEUE = "recurring-tick";

export type RecurringDetectJob = { accountId: string };

const queues = startOnce(async () => {
  const b = await boss();
  await createQueue(b, RECURRING_DETECT_QUEUE);
  await createQueue(b, RECURRING_TICK_QUEUE);
  return b;
});

/** pg-boss with this module's queues made (once per process). */
function recurringBoss(): Promise<PgBoss> {
  return queues.get();
}

/** Queues detection for the account in the caller's transaction (it runs if and only if that commits). */
export async function queueRecurringDetect(db: SqlDb, accountId: string): Promise<void> {
  const data: RecurringDetectJob = { accountId };
  await insertJobs(await recurringBoss(), db, [{ name: RECURRING_DETECT_QUEUE, data, retryLimit: 2, retryDelay: 30 }]);
}

/** Takes detection jobs (one at a time) and runs the daily tick; returns the detection's taker. */
export async function startRecurringWork() {
  const b = await recurringBoss();
  const detecting = workSlots<RecurringDetectJob>(b, RECURRING_DETECT_QUEUE, {
    slots: 1,
    handle: async (job) => {
      const found = await detectAccount(job.data.accountId);
      log.info("recurring payments detected", { accountId: job.data.accountId, streams: found });
    },
  });
  await b.schedule(RECURRING_TICK_QUEUE, "10 6 * * *");
  await b.work(RECURRING_TICK_QUEUE, { pollingIntervalSeconds: 60 }, async () => {
    const moved = await moveStreamsByClock();
    if (moved) log.info("recurring streams moved by the clock", { moved });
  });
  return detecting;
}
