// pg-boss: sync runs are jobs on queue "sync-run" (data {runId}); the scheduler is a cron job.
// PostgreSQL-backed, so several app instances and `npm run worker` processes share one queue.
import PgBoss from "pg-boss";
import { requireDatabaseUrl } from "@/lib/env";

export const SYNC_QUEUE = "sync-run";
export const SCHEDULER_QUEUE = "sync-scheduler";
export const RETENTION_QUEUE = "retention";

const globals = globalThis as unknown as { boss?: Promise<PgBoss> };

export function boss(): Promise<PgBoss> {
  globals.boss ??= (async () => {
    const instance = new PgBoss({ connectionString: requireDatabaseUrl(), schema: "pgboss", max: 4 });
    instance.on("error", (error: unknown) => process.stderr.write(`pg-boss: ${String(error)}\n`));
    await instance.start();
    await instance.createQueue(SYNC_QUEUE);
    await instance.createQueue(SCHEDULER_QUEUE);
    await instance.createQueue(RETENTION_QUEUE);
    return instance;
  })().catch((error: unknown) => {
    globals.boss = undefined;
    throw error;
  });
  return globals.boss;
}

/** Queues a run; `startAfterSeconds` delays it (for example to honour a bank's Retry-After). */
export async function enqueueRun(runId: string, startAfterSeconds = 0): Promise<void> {
  // Our own run table decides who runs what; pg-boss retries only a worker that died mid-job.
  // A deadlock with pg-boss in another process (seen when a worker process starts pg-boss while the
  // app's first enqueue starts its own) is transient by definition: PostgreSQL aborted one side, so
  // start and send again. A job lost anyway is re-sent by the stale-run sweeper (the run stays queued).
  for (let attempt = 1; ; attempt += 1) {
    try {
      const b = await boss();
      await b.send(
        SYNC_QUEUE,
        { runId },
        { startAfter: startAfterSeconds, retryLimit: 2, retryDelay: 5, expireInSeconds: 3600 },
      );
      return;
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (attempt >= 3 || (code !== "40P01" && code !== "40001")) throw error;
    }
  }
}

export async function stopBoss(): Promise<void> {
  const b = globals.boss;
  globals.boss = undefined;
  if (b) await (await b).stop({ graceful: true, timeout: 10_000 }).catch(() => undefined);
}
