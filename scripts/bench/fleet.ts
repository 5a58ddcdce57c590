// `npm run bench -- fleet [--accounts N] [--workers 1,2] [--again] [--batch B]`: N tracked sandbox
// accounts (default 1,000, ~1,000 transactions each, ten banks, one large scope and scopes of ten) all
// due at once, or B at a time with idle pages read between batches, synced by `npm run worker`
// processes, a round per entry of --workers (default one worker, then two), each round on its own
// identical set; --again then makes the first round's accounts due once more (a later day's update of
// an unchanged history). The app runs with SYNC_IN_APP=0 and
// serves the API, the banks process beside it the sandbox bank. Measured per round: the time until
// every scheduled run has finished, accounts per minute, the API transactions page's p50/p99 while
// the fleet syncs against idle (same run), where the machine's CPU went by role (database, workers,
// banks, web, the bench, anything else), each run's own time and how busy the workers' run slots
// were; then PSD2 budget violations (more than 4 unattended accesses per consent and account in
// 24 h), duplicate runs, the spread of the fleet's next updates over the day, the database's bytes
// per transaction, and each process's peak RSS.
import { appendFileSync, readFileSync } from "node:fs";
import type pg from "pg";
import { scheduleDueSyncs } from "@/lib/sync/scheduler";
import { startScript } from "@/testing/support/script-process";
import { cpuBetween, sampleCpu, type CpuShares } from "./cpu";
import { seedFleet, type Fleet } from "./fleet-setup";

export type FleetRound = {
  workers: number;
  /** Batches the fleet was made due in, one after another (1: all at once). */
  batches: number;
  /** The time the batches took, without the idle pages read between them. */
  seconds: number;
  accountsPerMinute: number;
  failed: number;
  /** Idle before the fleet starts and again once its workers have stopped (the same 1,000 pages). */
  idle: Quantiles;
  idleAfter: Quantiles;
  busy: Quantiles;
  /** Idle pages read between batches, once the workers had nothing left (null: one batch). */
  between: Quantiles | null;
  /** The same pages' Server-Timing (the app's own time, arrival to answer), idle and during the fleet. */
  server: { idle: Quantiles; idleAfter: Quantiles; busy: Quantiles; between: Quantiles | null };
  workerPeakRssMb: number[];
  /** Where the machine's CPU went while the fleet synced. */
  cpu: CpuShares;
  /** Each run's own time (claimed to ended), and how full the workers' run slots were. */
  runs: { p50: number; p99: number; mean: number; slotsBusy: number };
};

/** Peak resident set size of a process (VmHWM), in MB. */
export function peakRssMb(pid: number): number {
  const line = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return line ? Number(line[1]) / 1024 : NaN;
}

type Quantiles = { p50: number; p99: number };

function quantiles(samples: number[]): Quantiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: at(0.5), p99: at(0.99) };
}

/**
 * Times GET transactions pages (perPage 100) one after another until `until` says stop (at least
 * `min`), each as the bench saw it and as the app's Server-Timing says (arrival to answer: what the
 * bench's own process adds on a machine it shares with the fleet is the difference). With
 * FLEET_SAMPLES=<file>, each page's end (epoch ms), time and app time (ms) are appended to it, to see
 * when the slow ones came (docs/benchmarks.md: they came evenly, not with checkpoints or vacuums).
 */
async function pageTimes(
  page: () => Promise<number>,
  until: () => boolean,
  min: number,
): Promise<{ samples: number[]; server: number[] }> {
  const samples: number[] = [];
  const at: number[] = [];
  const server: number[] = [];
  while (samples.length < min || !until()) {
    const t = performance.now();
    server.push(await page());
    samples.push(performance.now() - t);
    at.push(Date.now());
  }
  if (process.env.FLEET_SAMPLES)
    appendFileSync(
      process.env.FLEET_SAMPLES,
      samples.map((ms, i) => `${at[i]} ${ms.toFixed(2)} ${server[i].toFixed(2)}\n`).join(""),
    );
  return { samples, server };
}

/**
 * The fleet's runs still queued or running. Every account got its run when the round made them due
 * (checked there), so this is all that is left to wait for; the one-active-run index holds only
 * those rows, so asking costs the database next to nothing, however large the fleet.
 */
async function unfinished(db: pg.Pool, accountIds: string[]): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM sync_runs r WHERE r.state IN ('queued', 'running') AND r.account_id = ANY($1::uuid[])`,
    [accountIds],
  );
  return rows[0].n;
}

/** Idle pages read between two batches (~6 s at this machine's idle p50). */
const IDLE_BETWEEN_PAGES = 600;

/** Jobs of any queue waiting to be taken now or running: what the workers have left to do. */
async function dueJobs(db: pg.Pool): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    // pg-boss's states in order: created, retry, active, then the ended ones.
    "SELECT count(*)::int AS n FROM pgboss.job WHERE state < 'completed' AND start_after <= now()",
  );
  return rows[0].n;
}

export async function fleetRound(options: {
  db: pg.Pool;
  fleet: Fleet;
  workers: number;
  workerEnv: NodeJS.ProcessEnv;
  page: () => Promise<number>;
  /** Accounts made due at once; the fleet then goes batch after batch, with idle pages read between. */
  batch?: number;
}): Promise<FleetRound> {
  const { db, fleet } = options;
  // Idle is the app with nothing to do: the seed's dirty pages written out first, and enough
  // samples that the p99 is not one stray answer (of 200, it was the second slowest: 22–36 ms
  // between runs of the same set-up). Measured again after the fleet, the same way: one idle p99
  // of 1,000 pages still moved 17–26 ms between rounds of the same code (docs/benchmarks.md), so
  // the ratio is given against both, and against the pages read between batches when there are some.
  const idle = async () => {
    await db.query("CHECKPOINT");
    return pageTimes(options.page, () => true, 1000);
  };
  const idlePages = await idle();
  const children = Array.from({ length: options.workers }, () => startScript("worker", options.workerEnv));
  let during: Omit<FleetRound, "idle" | "idleAfter" | "server"> & { busyServer: number[]; betweenServer: number[] };
  try {
    await Promise.all(children.map((c) => c.ready));
    const workerPids = children.map((c) => c.child.pid ?? 0);
    const cpuFrom = sampleCpu(workerPids);
    const since = (await db.query<{ at: Date }>("SELECT now() AS at")).rows[0].at;
    // Batch after batch, each all due at once and scheduled as the cron job would (in batches, fair
    // across scopes); between two, once the workers are idle again, IDLE_BETWEEN_PAGES idle pages.
    // Idle is so read all through the round, on the machine as it is that minute: one idle window
    // before and one after moved by half between them in one round (docs/benchmarks.md).
    const size = Math.max(1, options.batch ?? fleet.accountIds.length);
    const batches: string[][] = [];
    for (let i = 0; i < fleet.accountIds.length; i += size) batches.push(fleet.accountIds.slice(i, i + size));
    const busy = { samples: [] as number[], server: [] as number[] };
    const between = { samples: [] as number[], server: [] as number[] };
    const add = (into: typeof busy, pages: typeof busy) => {
      into.samples.push(...pages.samples);
      into.server.push(...pages.server);
    };
    let fleetMs = 0;
    for (const [i, ids] of batches.entries()) {
      const t0 = performance.now();
      await db.query(
        "UPDATE tracked_accounts SET next_scheduled_at = now() - interval '1 minute' WHERE id = ANY($1::uuid[])",
        [ids],
      );
      const scheduled = await scheduleDueSyncs();
      if (scheduled < ids.length)
        throw new Error(`the scheduler queued ${scheduled} runs for a batch of ${ids.length}`);
      let done = false;
      const watcher = (async () => {
        // Once a second, over the active runs alone: asked four times a second over every run of the
        // fleet's accounts, it was a share of the database's load during 10,000 (docs/benchmarks.md).
        while ((await unfinished(db, ids)) > 0) await new Promise((r) => setTimeout(r, 1000));
        done = true;
      })();
      add(busy, await pageTimes(options.page, () => done, 50));
      await watcher;
      if (batches.length === 1) {
        fleetMs += performance.now() - t0;
        continue;
      }
      // Idle once the workers have nothing left: a run queues follow-up jobs (its account's
      // recurring payments), which ran on into the idle pages when only the runs were waited for.
      // They are the fleet's work: the pages read meanwhile count as during it.
      while ((await dueJobs(db)) > 0) add(busy, await pageTimes(options.page, () => true, 50));
      fleetMs += performance.now() - t0;
      add(between, await pageTimes(options.page, () => true, IDLE_BETWEEN_PAGES));
      // A round of 10,000 outlasts a session on a slow day: what it has measured so far.
      console.log(
        `    batch ${i + 1}/${batches.length}: ${(((i * size + ids.length) / fleetMs) * 60_000).toFixed(0)} accounts/min so far · page p99 ${quantiles(busy.samples).p99.toFixed(1)} ms during, ${quantiles(between.samples).p99.toFixed(1)} ms between`,
      );
    }
    const seconds = fleetMs / 1000;
    const cpu = cpuBetween(cpuFrom, sampleCpu(workerPids));
    const slots = options.workers * Number(options.workerEnv.SYNC_CONCURRENCY ?? 2);
    const runs = await runTimes(db, fleet, since, seconds, slots);
    const { rows } = await db.query<{ failed: number }>(
      "SELECT count(*)::int AS failed FROM sync_runs WHERE account_id = ANY($1::uuid[]) AND state = 'failed' AND created_at >= $2",
      [fleet.accountIds, since],
    );
    during = {
      workers: options.workers,
      batches: batches.length,
      seconds,
      accountsPerMinute: fleet.accountIds.length / (seconds / 60),
      failed: rows[0].failed,
      busy: quantiles(busy.samples),
      between: batches.length > 1 ? quantiles(between.samples) : null,
      busyServer: busy.server,
      betweenServer: between.server,
      workerPeakRssMb: workerPids.map(peakRssMb),
      cpu,
      runs,
    };
  } finally {
    await Promise.all(children.map((c) => c.stop()));
  }
  const idleAfter = await idle();
  const { busyServer, betweenServer, ...round } = during;
  return {
    ...round,
    idle: quantiles(idlePages.samples),
    idleAfter: quantiles(idleAfter.samples),
    server: {
      idle: quantiles(idlePages.server),
      idleAfter: quantiles(idleAfter.server),
      busy: quantiles(busyServer),
      between: betweenServer.length ? quantiles(betweenServer) : null,
    },
  };
}

/**
 * Each scheduled run's own time, from its claim to its end (p50, p99, mean, in seconds), and how
 * full the workers' run slots were: the runs' summed time over slots × the round. Near 1, the
 * workers were never idle and the queue added nothing; what a run takes is then the limit.
 */
async function runTimes(db: pg.Pool, fleet: Fleet, since: Date, seconds: number, slots: number) {
  const { rows } = await db.query<{ s: number }>(
    `SELECT extract(epoch FROM finished_at - started_at)::float8 AS s FROM sync_runs
      WHERE account_id = ANY($1::uuid[]) AND trigger = 'scheduled' AND finished_at IS NOT NULL AND created_at >= $2
      ORDER BY 1`,
    [fleet.accountIds, since],
  );
  const times = rows.map((r) => r.s);
  const sum = times.reduce((a, b) => a + b, 0);
  return { ...quantiles(times), mean: sum / Math.max(1, times.length), slotsBusy: sum / (slots * seconds) };
}

/**
 * Where the fleet's next automatic updates fall: its accounts' slots over the day, by hour (every
 * slot of each account, autoUpdatesPerDay of them), so a fleet made due at once can be seen spread.
 */
export async function scheduleSpread(db: pg.Pool, accountIds: string[]) {
  const { rows } = await db.query<{ hour: number; n: number }>(
    `SELECT extract(hour FROM (a.next_scheduled_at + make_interval(secs => k * 86400.0 / a.auto_updates_per_day)) AT TIME ZONE 'UTC')::int AS hour,
            count(*)::int AS n
       FROM tracked_accounts a, generate_series(0, 2) k
      WHERE a.id = ANY($1::uuid[]) AND a.auto_updates_per_day > 0 AND k < a.auto_updates_per_day
      GROUP BY 1`,
    [accountIds],
  );
  const perHour = Array<number>(24).fill(0);
  for (const r of rows) perHour[r.hour] = r.n;
  const total = perHour.reduce((a, b) => a + b, 0);
  return { perHour, min: Math.min(...perHour), max: Math.max(...perHour), mean: total / 24 };
}

/** The database's size and the transactions it holds: bytes per transaction, the table with its indexes and all of it. */
export async function databaseSize(db: pg.Pool) {
  const { rows } = await db.query<{ rows: string; table_bytes: string; database_bytes: string }>(
    `SELECT (SELECT count(*) FROM transactions)::text AS rows,
            pg_total_relation_size('transactions')::text AS table_bytes,
            pg_database_size(current_database())::text AS database_bytes`,
  );
  const n = Number(rows[0].rows);
  return {
    transactions: n,
    tableBytesPerRow: Number(rows[0].table_bytes) / Math.max(1, n),
    databaseBytes: Number(rows[0].database_bytes),
  };
}

/**
 * Over the accounts: consents and accounts with more than 4 unattended accesses in 24 h, and
 * accounts with more scheduled runs than the rounds they were made due in (`rounds`).
 */
export async function fleetViolations(db: pg.Pool, accountIds: string[], rounds = 1) {
  const { rows } = await db.query<{ budget: number; duplicates: number }>(
    `SELECT (SELECT count(*)::int FROM (SELECT 1 FROM bank_accesses WHERE account_id = ANY($1::uuid[]) AND at > now() - interval '24 hours'
               GROUP BY consent_id, account_id HAVING count(*) > 4) v) AS budget,
            (SELECT count(*)::int FROM (SELECT 1 FROM sync_runs WHERE account_id = ANY($1::uuid[]) AND trigger = 'scheduled'
               GROUP BY account_id HAVING count(*) > $2) d) AS duplicates`,
    [accountIds, rounds],
  );
  return rows[0];
}

export { seedFleet };
