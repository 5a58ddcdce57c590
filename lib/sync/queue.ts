// pg-boss: sync runs are jobs on queue "sync-run" (data {runId}); the scheduler is a cron job.
// PostgreSQL-backed, so several app instances and `npm run worker` processes share one queue.
import "server-only";
import type pg from "pg";
import PgBoss from "pg-boss";
import { IDLE_CONNECTION_MS, pgTransaction, pool } from "@/lib/db/client";
import { rows, type SqlDb } from "@/lib/db/sql";
import { requireDatabaseUrl } from "@/lib/env";
import type { SyncTrigger } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";
import { dueLoops, IDLE_POLL_SECONDS } from "@/lib/sync/due-loop";
import { startOnce } from "@/lib/sync/start-once";
import { traceCarrier } from "@/lib/tracing/spans";

export const SYNC_QUEUE = "sync-run";

/** A sync job's data: its run, and the W3C trace context of whoever queued it (when traced). */
export type SyncJob = { runId: string; traceparent?: string };
export const SCHEDULER_QUEUE = "sync-scheduler";
export const RETENTION_QUEUE = "retention";
/** Rules applied to existing transactions (lib/rules/apply.ts; data {applicationId}). */
export const RULE_APPLY_QUEUE = "rule-apply";
/** Statement files imported into an account (lib/statements/import/run-import.ts; data {importId}). */
export const STATEMENT_IMPORT_QUEUE = "statement-import";

/**
 * Where a job to take now is announced (its queue's name the payload): workers LISTEN and take it at
 * once (lib/sync/worker.ts) instead of at their next poll, which stays for jobs due later and for a
 * worker whose listening connection is down.
 */
export const JOBS_CHANNEL = "ledgerlink_jobs";

/** Announces a job of `queue` to take now: in `db`'s transaction (heard when it commits), or at once. */
export async function announceJob(queue: string, db?: SqlDb): Promise<void> {
  // pg_notify returns void, which Prisma's raw queries cannot read: select a count of its one call.
  const text = "SELECT count(*)::int AS sent FROM (SELECT pg_notify($1::text, $2::text)) AS n";
  if (db) await rows(db, text, [JOBS_CHANNEL, queue]);
  else await pool().query(text, [JOBS_CHANNEL, queue]);
}

/** A run that became due: announced, or left to the workers' polls when that fails. */
const announceDue = () =>
  announceJob(SYNC_QUEUE).catch((error: unknown) =>
    log.debug("a due run was not announced; the workers' polls find it", { error }),
  );

const BOSS_SCHEMA = "pgboss";

// One pg-boss per process (module state: each process runs one module graph).
const started = startOnce(async () => {
  // pg-boss hands its options to its pg pool: idle connections are kept as the app's pools keep them.
  const options: PgBoss.ConstructorOptions & Pick<pg.PoolConfig, "idleTimeoutMillis"> = {
    connectionString: requireDatabaseUrl(),
    schema: BOSS_SCHEMA,
    max: 4,
    idleTimeoutMillis: IDLE_CONNECTION_MS,
  };
  const instance = new PgBoss(options);
  instance.on("error", (error: unknown) => process.stderr.write(`pg-boss: ${String(error)}\n`));
  await instance.start();
  for (const name of [SYNC_QUEUE, SCHEDULER_QUEUE, RETENTION_QUEUE, RULE_APPLY_QUEUE, STATEMENT_IMPORT_QUEUE])
    await createQueue(instance, name);
  return instance;
});

export function boss(): Promise<PgBoss> {
  return started.get();
}

/**
 * Makes a queue if it is missing. Processes starting together on a new database (two workers, or web
 * and a worker) make the same queues at once, and two of pg-boss's create_queue calls deadlock
 * against each other (each holds the queue table's row lock of its insert and wants the stronger
 * lock its partition's foreign key takes). So a process makes a missing queue only while it holds a
 * transaction-scoped advisory lock (on a connection of our pool; pg-boss works on its own): one
 * queue is made at a time, whichever process makes it, and a queue that exists costs one read.
 */
export async function createQueue(instance: PgBoss, name: string, options?: PgBoss.Queue): Promise<void> {
  if (await instance.getQueue(name)) return;
  await pgTransaction(async (client) => {
    await client.query("SELECT pg_advisory_xact_lock(hashtextextended('pgboss:create_queue', 0))");
    await instance.createQueue(name, options);
  });
}

/**
 * Milliseconds until the earliest job of `queue` that waits is due: ≤ 0 when one is due now, null
 * when none waits. One index read (pg-boss keeps an index on the waiting jobs' name and start_after).
 */
export async function nextDueMs(queue: string): Promise<number | null> {
  const { rows } = await pool().query<{ ms: number | null }>(
    `SELECT (extract(epoch FROM min(start_after) - now()) * 1000)::float8 AS ms
       FROM ${BOSS_SCHEMA}.job WHERE name = $1 AND state < 'active'`,
    [queue],
  );
  return rows[0]?.ms ?? null;
}

/**
 * A process's slots on one queue (loops of lib/sync/due-loop.ts): each takes a job, runs it, records
 * its end, and asks for the next at once; only a fetch that finds none waits, until the queue's next
 * job is due (a retry's delay, a bank's Retry-After), and at most `pollingIntervalSeconds`
 * (IDLE_POLL_SECONDS unless given). A job to take now is announced (JOBS_CHANNEL: `wake`), so that
 * longest wait is only the fallback for a job no one announced (pg-boss's cron, a job queued for
 * later by a process that is gone) and for a worker whose listening connection is down. (pg-boss's
 * own worker fetches at most once an interval, also right after a job, so a slot whose jobs take
 * 0.3 s sat idle the other 0.7 s of each second: a fleet of short syncs was held to one run a second
 * a slot; docs/benchmarks.md.) A slot asks for a job only once `admitted(slot)` lets it
 * (lib/sync/admission.ts), so a slot held back holds no job another process could run;
 * `rest(job, lastJobMs)` may delay a job it took (a background job after a job of that long, while
 * the database is contended). `stop` lets each slot finish the job it has, for at most `graceMs`; a
 * job still running then expires and is taken again, as after a crash.
 */
export function workSlots<T extends object>(
  instance: PgBoss,
  queue: string,
  options: {
    slots: number;
    handle: (job: PgBoss.JobWithMetadata<T>, slot: number) => Promise<void>;
    admitted?: (slot: number) => Promise<void>;
    rest?: (job: PgBoss.JobWithMetadata<T>, lastJobMs: number) => Promise<void>;
    pollingIntervalSeconds?: number;
  },
) {
  const { handle, admitted = () => Promise.resolve(), rest, pollingIntervalSeconds = IDLE_POLL_SECONDS } = options;
  let working = 0;
  // How long each slot's last job took; 0 after a fetch that found none.
  const lastJobMs = Array.from({ length: options.slots }, () => 0);
  // pg-boss may fail to record a job's end when the database is lost at that moment: the job stays
  // active, expires and is taken again, and each handler here is idempotent (lib/sync/claim.ts).
  const unrecorded = (error: unknown) =>
    log.warn("pg-boss could not record a job's end; the job expires and is taken again", { error, queue });

  const takeOne = async (n: number, stopping: () => boolean): Promise<boolean> => {
    await admitted(n);
    if (stopping()) return false;
    let job: PgBoss.JobWithMetadata<T> | undefined;
    try {
      [job] = await instance.fetch<T>(queue, { batchSize: 1, includeMetadata: true });
    } catch (error) {
      // Asking fails too when the database is away: the loop waits the shortest time, as for a due job.
      log.warn("fetching a job failed; the slot asks again", { error, queue });
    }
    if (!job) {
      lastJobMs[n] = 0;
      return false;
    }
    if (rest && lastJobMs[n] > 0) await rest(job, lastJobMs[n]);
    working += 1;
    const started = performance.now();
    try {
      await handle(job, n);
      await instance.complete(queue, job.id).catch(unrecorded);
    } catch (error) {
      await instance.fail(queue, job.id, { message: String(error) }).catch(unrecorded);
    } finally {
      working -= 1;
      lastJobMs[n] = performance.now() - started;
    }
    return true;
  };
  const loops = dueLoops({
    loops: options.slots,
    round: takeOne,
    nextDueMs: () => nextDueMs(queue),
    longestMs: pollingIntervalSeconds * 1000,
  });
  return {
    /** Slots running a job now. */
    working: () => working,
    /** Idle slots ask for a job now (one was announced) rather than at the end of their poll's wait. */
    wake: loops.wake,
    stop: (graceMs = 10_000): Promise<void> => loops.stop(graceMs),
  };
}

// Workers take jobs by priority, then age. A run someone asked for (a person, or a script through the
// API) goes first; scheduled runs go by their scope's turn (lib/sync/scheduler.ts: 0 for each scope's
// first due account, −1 for its second, …), so they are started round-robin across scopes.
export const REQUESTED_PRIORITY = 10;
export const scheduledPriority = (turn: number) => 1 - Math.max(1, turn);
/**
 * A run queued again (the bank asked us to wait, or is at our concurrency limit): one someone asked
 * for keeps its place ahead of the background, and is never made to wait a worker's rest.
 */
export const requeuePriority = (trigger: SyncTrigger) => (trigger === "scheduled" ? 0 : REQUESTED_PRIORITY);

const JOB_OPTIONS = { retryLimit: 2, retryDelay: 5, expireInSeconds: 3600 } as const;

/**
 * Inserts jobs for runs inside the caller's transaction (pg-boss writes through our connection, a
 * pg client inside BEGIN or a Prisma transaction), so the runs and their jobs commit together or not
 * at all. One statement for the whole batch. The queuer's trace travels with each job.
 */
export async function queueRuns(db: SqlDb, runs: { runId: string; priority: number }[]): Promise<void> {
  if (runs.length === 0) return;
  await insertJobs(
    await boss(),
    db,
    runs.map(({ runId, priority }) => {
      const data: SyncJob = { runId, ...traceCarrier() };
      return { name: SYNC_QUEUE, data, priority, ...JOB_OPTIONS };
    }),
  );
}

/**
 * Jobs to take now, inserted through `db` (they commit with the caller's transaction, or not at all)
 * and announced in it: what every verb that queues work in its own transaction does.
 */
export async function insertJobs(b: PgBoss, db: SqlDb, jobs: PgBoss.JobInsert[]): Promise<void> {
  await b.insert(jobs, { db: throughConnection(db) });
  for (const queue of new Set(jobs.map((job) => job.name))) await announceJob(queue, db);
}

/** pg-boss writing through our connection: its jobs commit with the caller's transaction. */
export const throughConnection = (db: SqlDb) => ({
  // pg-boss leaves unset options undefined; a statement's values are null then.
  executeSql: async (text: string, values: unknown[] = []) => ({
    rows: await rows(
      db,
      text,
      values.map((v) => v ?? null),
    ),
  }),
});

/** Queues a run; `startAfterSeconds` delays it (for example to honour a bank's Retry-After). */
export async function enqueueRun(runId: string, startAfterSeconds = 0, priority = 0): Promise<void> {
  // Our own run table decides who runs what; pg-boss retries only a worker that died mid-job.
  // A deadlock with pg-boss in another process (seen when a worker process starts pg-boss while the
  // app's first enqueue starts its own) is transient by definition: PostgreSQL aborted one side, so
  // start and send again. A job lost anyway is re-sent by the stale-run sweeper (the run stays queued).
  for (let attempt = 1; ; attempt += 1) {
    try {
      const b = await boss();
      // The enqueuer's trace travels with the job, so the run's span continues it (lib/sync/worker.ts).
      const data: SyncJob = { runId, ...traceCarrier() };
      await b.send(SYNC_QUEUE, data, { startAfter: startAfterSeconds, priority, ...JOB_OPTIONS });
      if (startAfterSeconds === 0) await announceJob(SYNC_QUEUE);
      // Due later: announced then by this process (a little after, so it is due by the database's
      // clock); if the process is gone by then, the workers' polls find it.
      else setTimeout(() => void announceDue(), startAfterSeconds * 1000 + 100).unref();
      return;
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (attempt >= 3 || (code !== "40P01" && code !== "40001")) throw error;
    }
  }
}

export async function stopBoss(): Promise<void> {
  const b = started.forget();
  if (b)
    await (
      await b
    )
      .stop({ graceful: true, timeout: 10_000 })
      .catch((error: unknown) =>
        log.warn("pg-boss did not stop cleanly; its jobs are taken up again later", { error }),
      );
}
