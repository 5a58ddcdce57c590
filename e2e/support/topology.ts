// The servers the e2e suite runs, all the built app as `npm start` starts it, each on a port of its
// own and its banks (`npm run banks`, started by the launcher) on the next port at 127.0.0.1: another
// site than the app's `localhost`, so the consent redirect and the callback are cross-site as with a
// real bank. Ports are spaced by 10 so app + 1 is always free for its banks.
//   E2E_PORT (3100)        the main server (API and browser projects), with the aggregator fakes
//   + 10, + 20             the fault suite's two topologies: "in-app" (the server runs the sync
//                          worker itself) and "split" (SYNC_IN_APP=0, with separate `npm run worker`
//                          processes on the same database)
//   + 30, + 40             two app instances on one database (instance B uses instance A's banks)
//   + 50                   `npm start` started and stopped by the shutdown spec itself
//   + 95                   `npm start` on HOST=127.0.0.1 without METRICS_TOKEN, by the local-metrics spec
import { E2E_SANDBOX_CONTROL_SECRET } from "../control-secret";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const FAULTS_INAPP_PORT = E2E_PORT + 10;
export const FAULTS_SPLIT_PORT = E2E_PORT + 20;
/** The main e2e server's data directory (the other servers' are named after it). */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? ".data/e2e";
const base = E2E_DATA_DIR;
export const FAULTS_INAPP_DATA_DIR = `${base}-faults-inapp`;
export const FAULTS_SPLIT_DATA_DIR = `${base}-faults-split`;

/** What both fault servers and their workers share: quick takeover, backoff and sweeps for tests. */
export const FAULT_SYNC_ENV = {
  // The local fake Enable Banking (a launcher option): the suite runs through it as well as the sandbox bank.
  ENABLE_BANKING_FAKE: "1",
  SYNC_STALE_SECONDS: "4",
  SYNC_SWEEP_SECONDS: "1",
  SYNC_BACKOFF_SECONDS: "1",
  SYNC_SCHEDULER: "0",
};

export function isSplit(projectName: string): boolean {
  return projectName === "faults-split";
}

// Two app instances on one database (e2e/two-instances.instances.spec.ts): instance A as `npm start`
// ships it (the sync worker and scheduler in the app), instance B SYNC_IN_APP=0 (web only); the spec
// adds one `npm run worker`. B starts after A (Playwright starts web servers in order), shares the
// embedded PostgreSQL that A started under the same data directory, and uses A's banks.
export const INSTANCE_A_PORT = E2E_PORT + 30;
export const INSTANCE_B_PORT = E2E_PORT + 40;
export const INSTANCES_DATA_DIR = `${base}-instances`;

// `npm start` started and stopped by e2e/shutdown.instances.spec.ts itself, on a data directory of its own.
export const SHUTDOWN_PORT = E2E_PORT + 50;
export const SHUTDOWN_DATA_DIR = `${base}-shutdown`;

/** Where the banks of the app on `appPort` are (SANDBOX_BANK_URL): its port + 1, instance B's are A's. */
export function banksUrlFor(appPort: number): string {
  const banksOf = appPort === INSTANCE_B_PORT ? INSTANCE_A_PORT : appPort;
  return `http://127.0.0.1:${banksOf + 1}`;
}

// `npm start` in production mode (DATABASE_URL set), started by e2e/production-start.instances.spec.ts
// itself against a cluster it starts under this directory (standing in for a managed PostgreSQL).
export const PRODUCTION_PORT = E2E_PORT + 60;
export const PRODUCTION_DATA_DIR = `${base}-production`;

// The crash suite (e2e/crash-points.crash.spec.ts) starts, kills and restarts `npm start` itself here.
export const CRASH_PORT = E2E_PORT + 70;
export const CRASH_DATA_DIR = `${base}-crash`;

// e2e/operate.instances.spec.ts starts `npm start` itself here, takes a backup of it with
// `npm run backup`, restores it with `npm run restore` and starts the copy on the next port pair.
export const OPERATE_PORT = E2E_PORT + 80;
export const OPERATE_DATA_DIR = `${base}-operate`;
export const RESTORED_PORT = E2E_PORT + 90;
export const RESTORED_DATA_DIR = `${base}-operate-restored`;

// e2e/local-metrics.instances.spec.ts starts `npm start` itself here (its banks on + 1, the worker's
// metrics on + 2), bound to 127.0.0.1 and without METRICS_TOKEN.
export const LOCAL_METRICS_PORT = E2E_PORT + 95;
export const LOCAL_METRICS_DATA_DIR = `${base}-local-metrics`;

/**
 * What every e2e server is started with (playwright.config.ts's web server, and the servers a project
 * starts for itself: e2e/support/project-servers.ts), beside the suite's offline environment.
 */
export function e2eServerEnv(
  port: number,
  dataDir: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    RATE_LIMIT_POINTS: "100000",
    AUTH_RATE_LIMIT_POINTS: "1000",
    // Nothing reaches the internet in tests: the launcher points the company registers (GLEIF,
    // Companies House) at their fakes in the banks (scripts/launch/demo-banks.ts).
    // Every API answer is parsed against its route's declared schema (off by default in production).
    RESPONSE_CHECK: "1",
    SANDBOX_CONTROL_SECRET: E2E_SANDBOX_CONTROL_SECRET,
    ...extra,
  };
}

export type ProjectServer = { port: number; dataDir: string; env: Record<string, string> };

/**
 * The servers a project starts for itself, in this order, when its worker starts, and stops when
 * that worker ends: the fault and instance projects run after the browser specs, and their servers
 * need not wait idle beside them from the start (e2e/support/project-servers.ts).
 */
export const PROJECT_SERVERS: Record<string, ProjectServer[]> = {
  // `npm start` as shipped: the server runs the sync worker itself.
  "faults-inapp": [{ port: FAULTS_INAPP_PORT, dataDir: FAULTS_INAPP_DATA_DIR, env: FAULT_SYNC_ENV }],
  // SYNC_IN_APP=0: the specs start `npm run worker` processes against the same data directory.
  "faults-split": [
    { port: FAULTS_SPLIT_PORT, dataDir: FAULTS_SPLIT_DATA_DIR, env: { ...FAULT_SYNC_ENV, SYNC_IN_APP: "0" } },
  ],
  // Two instances on one database, in this order: B shares the PostgreSQL that A started, and A's
  // banks (SANDBOX_BANK_URL set: its launcher starts none).
  instances: [
    { port: INSTANCE_A_PORT, dataDir: INSTANCES_DATA_DIR, env: { SYNC_STALE_SECONDS: "4", SYNC_SWEEP_SECONDS: "1" } },
    {
      port: INSTANCE_B_PORT,
      dataDir: INSTANCES_DATA_DIR,
      env: {
        SYNC_IN_APP: "0",
        // Credentials kept 5 minutes: in e2e/principal-cache.instances.spec.ts only A's changes,
        // by notification, can make B refuse within seconds.
        AUTH_CACHE_MS: "300000",
        SANDBOX_BANK_URL: banksUrlFor(INSTANCE_B_PORT),
      },
    },
  ],
};
