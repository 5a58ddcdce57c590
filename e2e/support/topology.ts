// The two topologies the fault suite runs against, both the built app as `npm start` starts it:
// "in-app" (the server runs the sync worker itself) and "split" (SYNC_IN_APP=0, with separate
// `npm run worker` processes on the same database).
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const FAULTS_INAPP_PORT = E2E_PORT + 1;
export const FAULTS_SPLIT_PORT = E2E_PORT + 2;
/** The main e2e server's data directory (the other servers' are named after it). */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? ".data/e2e";
const base = E2E_DATA_DIR;
export const FAULTS_INAPP_DATA_DIR = `${base}-faults-inapp`;
export const FAULTS_SPLIT_DATA_DIR = `${base}-faults-split`;

/** What both fault servers and their workers share: quick takeover, backoff and sweeps for tests. */
export const FAULT_SYNC_ENV = {
  // The local fake Enable Banking: the suite runs through it as well as the sandbox bank.
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
// adds one `npm run worker`. B starts after A (Playwright starts web servers in order) and shares
// the embedded PostgreSQL that A started under the same data directory.
export const INSTANCE_A_PORT = E2E_PORT + 3;
export const INSTANCE_B_PORT = E2E_PORT + 4;
export const INSTANCES_DATA_DIR = `${base}-instances`;

// `npm start` started and stopped by e2e/shutdown.instances.spec.ts itself, on a data directory of its own.
export const SHUTDOWN_PORT = E2E_PORT + 5;
export const SHUTDOWN_DATA_DIR = `${base}-shutdown`;
