// Readiness (GET /api/health/ready): can this instance do its work now? Three checks, run at once,
// each bounded by the probe pool's 2 s (lib/db/client.ts probePool), each failing on its own:
// - database: a round trip to PostgreSQL;
// - migrations: every migration this build ships (prisma/migrations) is applied (`_prisma_migrations`).
//   Migrations the database has beyond ours (a newer instance migrated first) are reported, not
//   failed: migrations here only add, so an older build keeps working on them;
// - queue: a sync worker was seen lately (lib/sync/worker-heartbeat.ts) and no run has been left
//   running without a heartbeat: one silent for SYNC_STALE_SECONDS is due to be taken over, and one
//   still silent two sweeps (SYNC_SWEEP_SECONDS) later is stuck — no worker is taking it over.
import "server-only";
import { probePool } from "@/lib/db/client";
import { APPLIED_MIGRATIONS, migrationNames } from "@/lib/db/migrate";
import { env } from "@/lib/env";
import { runSql } from "@/lib/sync/run-lifecycle";

export const CHECKS = ["database", "migrations", "queue"] as const;
export type CheckName = (typeof CHECKS)[number];
/** `skipped`: not run, because the database it reads did not answer. */
export type CheckResult = { status: "ok" | "failing" | "skipped"; detail: string };
export type Readiness = { ready: boolean; checks: Record<CheckName, CheckResult> };

type Settings = { staleSeconds: number; sweepSeconds: number; migrationsDir?: string };

const DEFAULTS = (): Settings => ({ staleSeconds: env.SYNC_STALE_SECONDS, sweepSeconds: env.SYNC_SWEEP_SECONDS });

/** A worker writes its heartbeat every sweep; three sweeps of silence means it is gone. */
export const workerSeenWithinSeconds = (s: Settings) => 3 * s.sweepSeconds;
/** Past the takeover point, plus two sweeps for the sweeper to re-send it and a worker to claim it. */
export const stuckAfterSeconds = (s: Settings) => s.staleSeconds + 2 * s.sweepSeconds;

// This build's migrations do not change while it runs: read once per directory.
const shipped = new Map<string, string[]>();

/**
 * What a failed check says publicly: PostgreSQL's own message (it names tables, never secrets), or
 * for a connection that failed only the system's error code (its message names the database's host).
 */
function reason(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && /^E[A-Z]+$/.test(code)) return `the database did not answer (${code})`;
  const message = error instanceof Error ? error.message : String(error);
  return /timeout/i.test(message) ? "the database did not answer within 2 s" : message;
}

const ok = (detail: string): CheckResult => ({ status: "ok", detail });
const failing = (detail: string): CheckResult => ({ status: "failing", detail });

async function database(): Promise<CheckResult> {
  const started = performance.now();
  await probePool().query("SELECT 1");
  return ok(`answered in ${Math.round(performance.now() - started)} ms`);
}

async function migrations(s: Settings): Promise<CheckResult> {
  const dir = s.migrationsDir ?? "prisma/migrations";
  if (!shipped.has(dir)) shipped.set(dir, migrationNames(dir));
  const ours = shipped.get(dir) ?? [];
  const { rows } = await probePool().query<{ migration_name: string }>(APPLIED_MIGRATIONS);
  const applied = new Set(rows.map((r) => r.migration_name));
  const pending = ours.filter((name) => !applied.has(name));
  if (pending.length > 0) return failing(`${pending.length} not applied: ${pending.join(", ")} (npm run db:migrate)`);
  const ahead = applied.size - ours.length;
  return ok(`${ours.length} applied${ahead > 0 ? `; the database has ${ahead} newer` : ""}`);
}

async function queue(s: Settings): Promise<CheckResult> {
  const { rows } = await probePool().query<{ workers: number; stuck: number }>(
    `SELECT (SELECT count(*)::int FROM worker_heartbeats WHERE seen_at > now() - make_interval(secs => $1)) AS workers,
            (SELECT count(*)::int FROM sync_runs r WHERE ${runSql.stale("r", "$2")}) AS stuck`,
    [workerSeenWithinSeconds(s), stuckAfterSeconds(s)],
  );
  const { workers, stuck } = rows[0] ?? { workers: 0, stuck: 0 };
  if (workers === 0) return failing(`no sync worker seen in the last ${workerSeenWithinSeconds(s)} s`);
  if (stuck > 0) return failing(`${stuck} run(s) running without a heartbeat for over ${stuckAfterSeconds(s)} s`);
  return ok(`${workers} worker(s) polling`);
}

const settle = (work: () => Promise<CheckResult>): Promise<CheckResult> =>
  work().catch((error: unknown) => failing(reason(error)));

/** The checks; the two that read tables run once the database has answered (else they say so). */
export async function readiness(settings: Partial<Settings> = {}): Promise<Readiness> {
  const s = { ...DEFAULTS(), ...settings };
  const db = await settle(database);
  const skipped: CheckResult = { status: "skipped", detail: "not checked: the database did not answer" };
  const [mig, q] =
    db.status === "ok" ? await Promise.all([settle(() => migrations(s)), settle(() => queue(s))]) : [skipped, skipped];
  const checks = { database: db, migrations: mig, queue: q };
  return { ready: CHECKS.every((name) => checks[name].status === "ok"), checks };
}

/** The checks that failed, by name (what a 503 names). */
export const failingChecks = (r: Readiness): CheckName[] =>
  CHECKS.filter((name) => r.checks[name].status === "failing");
