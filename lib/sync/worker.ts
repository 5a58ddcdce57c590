// The sync worker: takes runs from pg-boss, sweeps stale runs, and schedules automatic updates.
// Runs inside the app process by default (SYNC_IN_APP) and as `npm run worker` for scale.
import { env, sessionDatabaseUrl } from "@/lib/env";
import { log } from "@/lib/log";
import {
  JOBS_CHANNEL,
  RETENTION_QUEUE,
  RULE_APPLY_QUEUE,
  SCHEDULER_QUEUE,
  STATEMENT_IMPORT_QUEUE,
  REQUESTED_PRIORITY,
  SYNC_QUEUE,
  workSlots,
  boss,
  stopBoss,
  type SyncJob,
} from "@/lib/sync/queue";
import { purgeExpired } from "@/lib/sync/retention";
import { executeRun, WORKER_ID } from "@/lib/sync/runner";
import { scheduleDueSyncs, sweepStaleRuns } from "@/lib/sync/scheduler";
import { beat, forget } from "@/lib/sync/worker-heartbeat";
import { startAdmission } from "@/lib/sync/admission";
import type { DueLoops } from "@/lib/sync/due-loop";
import { syncSlotsAdmitted } from "@/lib/metrics/metrics";
import { repairConsents } from "@/lib/accounttracking/consents/repair";
import { startApprovalChecks } from "@/lib/accounttracking/consents/approval-checks";
import { APPROVAL_CHECKS_WAKE } from "@/lib/accounttracking/consents/authorization-lifecycle";
import { emitConsentsEnding } from "@/lib/webhooks/consent-ending";
import { dispatchDue, startWebhookWorker, WEBHOOK_QUEUE } from "@/lib/webhooks/dispatch";
import { listen } from "@/lib/db/listen";
import { withTraceParent } from "@/lib/tracing/spans";
import { RECURRING_DETECT_QUEUE, startRecurringWork } from "@/lib/recurring/jobs";
import { runApplication, type RuleApplyJob } from "@/lib/rules/apply";
import { restartStalledImports, runStatementImport } from "@/lib/statements/import/run-import";
import type { StatementImportJob } from "@/lib/statements/import/start-import";

export async function startWorker(options: { concurrency?: number } = {}): Promise<() => Promise<void>> {
  const b = await boss();
  const concurrency = options.concurrency ?? 2;
  // Run slots, as many at work as the database's contention admits (lib/sync/admission.ts).
  // `busy` is first asked at the admission's first probe tick, after `runs` below exists.
  const admission = env.SYNC_ADAPTIVE
    ? startAdmission({
        max: concurrency,
        busy: (): boolean => runs.working() > 0,
        onLimit: (limit) => syncSlotsAdmitted.set(limit),
      })
    : undefined;
  const runs = workSlots<SyncJob>(b, SYNC_QUEUE, {
    slots: concurrency,
    admitted: admission ? (slot) => admission.admitted(slot) : undefined,
    // Only background runs rest: a run someone asked for (REQUESTED_PRIORITY) has a person waiting.
    rest: admission
      ? (job, lastJobMs) => (job.priority >= REQUESTED_PRIORITY ? Promise.resolve() : admission.rest(lastJobMs))
      : undefined,
    handle: async (job, slot) => {
      await withTraceParent(job.data.traceparent, () => executeRun(job.data.runId, `${WORKER_ID}#${slot}`));
      // The run's webhook (written with its end, lib/webhooks) goes out now rather than at the next tick.
      await dispatchDue().catch((error: unknown) => log.warn("webhook dispatch failed; the tick retries", { error }));
    },
  });
  if (env.SYNC_SCHEDULER) {
    await b.schedule(SCHEDULER_QUEUE, "* * * * *");
    await b.work(SCHEDULER_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
      const count = await scheduleDueSyncs();
      if (count) log.info("scheduled automatic syncs", { count });
    });
  }
  // Hourly retention (lib/sync/retention.ts); pg-boss's cron runs it once across all processes.
  await b.schedule(RETENTION_QUEUE, "17 * * * *");
  await b.work(RETENTION_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
    const purged = await purgeExpired();
    log.info("retention purge", purged);
  });
  // A job announced on JOBS_CHANNEL wakes its queue's takers here at once; between announcements each
  // waits for its queue's next due job (IDLE_POLL_SECONDS at most), for jobs due later and while the
  // listening connection is down.
  // Recurring payments (lib/recurring): detection after each successful run, and the daily tick.
  // Rules applied to existing transactions (lib/rules/apply.ts), statement files imported into
  // accounts (lib/statements/import), and signed webhooks (lib/webhooks, one deliverer per endpoint
  // at a time): one at a time per process each.
  const takers = new Map<string, DueLoops>([
    [SYNC_QUEUE, runs],
    [RECURRING_DETECT_QUEUE, await startRecurringWork()],
    [
      RULE_APPLY_QUEUE,
      workSlots<RuleApplyJob>(b, RULE_APPLY_QUEUE, {
        slots: 1,
        handle: async (job) => {
          await runApplication(job.data.applicationId);
        },
      }),
    ],
    [
      STATEMENT_IMPORT_QUEUE,
      workSlots<StatementImportJob>(b, STATEMENT_IMPORT_QUEUE, {
        slots: 1,
        handle: async (job) => {
          await runStatementImport(job.data.importId);
        },
      }),
    ],
    [WEBHOOK_QUEUE, await startWebhookWorker()],
    // Approvals a bank has not confirmed yet, asked again on their own schedule.
    [APPROVAL_CHECKS_WAKE, startApprovalChecks()],
  ]);
  // LISTEN needs a session: the direct server when DATABASE_URL is a transaction pooler.
  const announced = listen({
    connectionString: sessionDatabaseUrl(),
    channel: JOBS_CHANNEL,
    name: "job wake-ups",
    onNotification: (queue) => takers.get(queue ?? "")?.wake(),
  });
  // The repair tick: lost runs are sent again, half-done consent operations are finished
  // (lib/accounttracking/consents/repair.ts), due webhook messages are queued and consents about to end
  // announced. All are idempotent; the consent pass runs in one process at a time.
  const tick = async () => {
    await emitConsentsEnding().catch((error: unknown) => log.error("consent.ending scan failed", { error }));
    await dispatchDue().catch((error: unknown) => log.error("webhook dispatch failed", { error }));
    await sweepStaleRuns(env.SYNC_STALE_SECONDS).catch((error: unknown) => log.error("sweep failed", { error }));
    await restartStalledImports(env.SYNC_STALE_SECONDS)
      .then((restarted) => restarted > 0 && log.info("restarted stalled statement imports", { restarted }))
      .catch((error: unknown) => log.error("statement import repair failed", { error }));
    const repaired = await repairConsents().catch((error: unknown) => {
      log.error("consent repair failed", { error });
      return null;
    });
    if (repaired && Object.values(repaired).some((n) => n > 0)) log.info("repair tick", repaired);
  };
  let ticking: Promise<void> | null = null;
  // The heartbeat is written on every tick, even while a long tick is still running: readiness
  // asks whether this process is alive and polling, not whether its repairs are quick.
  const alive = () => beat(WORKER_ID).catch((error: unknown) => log.warn("worker heartbeat failed", { error }));
  await alive();
  const sweep = setInterval(() => {
    void alive();
    ticking ??= tick().finally(() => (ticking = null));
  }, env.SYNC_SWEEP_SECONDS * 1000);
  sweep.unref();
  log.info("sync worker started", { worker: WORKER_ID, concurrency });
  return async () => {
    clearInterval(sweep);
    await announced.stop();
    admission?.stop();
    await Promise.all([...takers.values()].map((taker) => taker.stop()));
    await ticking;
    await stopBoss();
    await forget(WORKER_ID).catch((error: unknown) => log.warn("worker heartbeat not removed", { error }));
  };
}
