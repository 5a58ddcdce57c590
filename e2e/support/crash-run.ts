// The crash suite's processes: `npm start` (scripts/start.ts) on a data directory of its own, once
// with CRASH_AT naming a crash point (lib/crash-points.ts: the process that reaches it kills itself
// with SIGKILL, and the launcher then stops the rest and exits 1), then again without it and without
// a worker (SYNC_IN_APP=0), so the state a crash leaves can be read before anything repairs it; then
// an `npm run worker` process, whose repair tick and stale-run sweeper finish what was left. The
// banks are another host: `npm run banks` runs for the whole suite on a cluster of its own and is
// never killed with the app (a real bank does not forget its consents when we crash).
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { E2E_SANDBOX_CONTROL_SECRET } from "../control-secret";
import { startScript, type ScriptProcess } from "../../testing/support/script-process";
import { CRASH_DATA_DIR, CRASH_PORT } from "./topology";
import { startWorker, workerEnv } from "./worker-process";
import { planDemoBanks } from "../../scripts/launch/demo-banks";

export const CRASH_BASE_URL = `http://localhost:${CRASH_PORT}`;

/** What every process of the suite shares: quick takeover, sweeps and repair for tests. */
const QUICK = {
  SYNC_STALE_SECONDS: "4",
  SYNC_SWEEP_SECONDS: "1",
  SYNC_BACKOFF_SECONDS: "1",
  SYNC_SCHEDULER: "0",
  REPAIR_GRACE_SECONDS: "1",
  CONSENT_SEND_STALE_SECONDS: "2",
  // Several pages per sync, so a crash can fall between two of them.
  SYNC_PAGE_SIZE: "100",
  ENABLE_BANKING_FAKE: "1",
};

const BANKS_DATA_DIR = path.join(CRASH_DATA_DIR, "banks");

function banksPlan() {
  return planDemoBanks({
    env: { ...process.env, ...QUICK, SANDBOX_CONTROL_SECRET: E2E_SANDBOX_CONTROL_SECRET },
    dataDir: CRASH_DATA_DIR,
    appPort: CRASH_PORT,
    sandboxDatabaseUrl: null,
  });
}

/** Where the suite's banks serve (a page of theirs a person opens, such as the banking app). */
export const crashBanksUrl = (): string => banksPlan().url;

/** `npm run banks` for the suite, on a cluster of its own (DATA_DIR/banks). */
export async function startBanks(): Promise<ScriptProcess> {
  const env = { ...process.env, ...banksPlan().banksEnv, DATA_DIR: BANKS_DATA_DIR, LOG_LEVEL: "warn" };
  const banks = startScript("banks", env, { captureStderr: true });
  await banks.ready;
  return banks;
}

function launcherEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.CRASH_AT;
  return {
    ...env,
    PORT: String(CRASH_PORT),
    DATA_DIR: CRASH_DATA_DIR,
    LOG_LEVEL: process.env.CRASH_LOG_LEVEL ?? "warn",
    RATE_LIMIT_POINTS: "100000",
    AUTH_RATE_LIMIT_POINTS: "1000",
    GLEIF_ENABLED: "0",
    SANDBOX_CONTROL_SECRET: E2E_SANDBOX_CONTROL_SECRET,
    // The suite's banks: the launcher starts none of its own.
    SANDBOX_BANK_URL: banksPlan().url,
    ...QUICK,
    ...extra,
  };
}

/**
 * The app as `npm start` runs it, dying where CRASH_AT says; resolves once it runs. Its own worker's
 * repair tick leaves an operation alone for half a minute: on a loaded machine a callback's code
 * exchange took longer than the suite's one-second grace, and that worker finished the consent before
 * the crash's state could be read (a dry run saw "valid" where the crash leaves "pending").
 */
export async function startCrashing(point: string): Promise<ScriptProcess> {
  const patient = { REPAIR_GRACE_SECONDS: "30", CONSENT_SEND_STALE_SECONDS: "30" };
  const app = startScript("start", launcherEnv({ CRASH_AT: point, ...patient }), { captureStderr: true });
  await app.ready;
  return app;
}

/** The app again on the same data, web only: nothing runs the repair tick until `startRepairing`. */
export async function restartWebOnly(): Promise<ScriptProcess> {
  const app = startScript("start", launcherEnv({ SYNC_IN_APP: "0" }), { captureStderr: true });
  await app.ready;
  return app;
}

/** `npm run worker` beside it: takes runs, sweeps stale ones and runs the repair tick every second. */
export async function startRepairing(): Promise<ScriptProcess> {
  const worker = startWorker(workerEnv(CRASH_BASE_URL, CRASH_DATA_DIR, QUICK), { direct: true });
  await worker.ready;
  return worker;
}

function clusterUrl(dataDir: string, database: string): string {
  const file = path.join(dataDir, "pg", "credentials.json");
  const { password, port } = JSON.parse(readFileSync(file, "utf8")) as { password: string; port: number };
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/** The app's database and the sandbox bank's own (the bank's truth), while a start of the suite runs. */
export function openDatabases(): { app: pg.Pool; bank: pg.Pool; close: () => Promise<void> } {
  const app = new pg.Pool({ connectionString: clusterUrl(CRASH_DATA_DIR, "ledgerlink"), max: 2 });
  const bank = new pg.Pool({ connectionString: clusterUrl(BANKS_DATA_DIR, "sandbox_bank"), max: 2 });
  // The crashed launcher stops the cluster under these pools: their idle connections end, as expected.
  for (const pool of [app, bank]) pool.on("error", () => undefined);
  return { app, bank, close: async () => void (await Promise.all([app.end(), bank.end()])) };
}
