// Playwright: an API project (HTTP only) and a browser project (Chromium), against the real app
// served by scripts/start.ts on its own embedded PostgreSQL under .data/e2e, with its banks (the
// launcher starts `npm run banks`) on their own origin: http://127.0.0.1:<port + 1> against the
// app's http://localhost:<port>, another site (e2e/support/topology.ts).
import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import {
  E2E_DATA_DIR,
  E2E_PORT as PORT,
  e2eServerEnv,
  FAULTS_INAPP_PORT,
  FAULTS_SPLIT_PORT,
} from "./e2e/support/topology";
import { keepTestsOffline } from "./testing/support/offline-env";

// The app servers and worker processes inherit this environment: no real provider settings.
keepTestsOffline();

const baseURL = `http://localhost:${PORT}`;
const url = (port: number) => `http://localhost:${port}`;

/**
 * A system Chromium when there is one (Debian's here); otherwise Playwright's managed browser. The
 * headless shell first: the build Playwright itself runs headless, and without the full browser's
 * wrapper flags (Debian's turns on GPU rasterisation, emulated in software here) the same four specs
 * took 14% less CPU (docs/testing.md).
 */
function chromiumPath(): string | undefined {
  const candidates = [
    process.env.CHROMIUM_PATH,
    "/usr/bin/chromium-headless-shell",
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
  ];
  return candidates.find((p): p is string => Boolean(p) && existsSync(p as string));
}

const executablePath = chromiumPath();

function browserUse() {
  return {
    ...devices["Desktop Chrome"],
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
        "--no-first-run",
      ],
    },
  };
}

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  // Three workers, the browser specs never more than two (their project's cap): the third starts the
  // crash suite's serial chain at once and fills the cores while the others wait on a bank's
  // Retry-After, a heartbeat going stale or a page settling (491 s against 561 s on two; docs/testing.md).
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  // A failed test keeps its trace (actions, network, console, sources) and a screenshot of where it
  // stopped. Not the screencast nor a DOM snapshot at every action: recording those took a quarter
  // and then a further 16% of the browser specs' CPU on this machine (docs/testing.md).
  // E2E_TRACE_SNAPSHOTS=1 records the snapshots again, for a failure that needs them.
  use: {
    baseURL,
    screenshot: "only-on-failure",
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: process.env.E2E_TRACE_SNAPSHOTS === "1" },
  },
  // The whole run is judged by scripts/test.ts from the JSON report too: a skipped or flaky test fails it.
  projects: [
    { name: "api", testMatch: /.*\.api\.spec\.ts/ },
    {
      name: "browser",
      testIgnore: [
        /.*\.api\.spec\.ts/,
        /.*\.clock\.spec\.ts/,
        /.*\.faults(-split)?\.spec\.ts/,
        /.*\.instances\.spec\.ts/,
        /.*\.crash\.spec\.ts/,
      ],
      workers: 2,
      use: browserUse(),
    },
    // Each multi-step verb killed at each of its crash points (the spec starts, kills and restarts
    // `npm start` itself on a data directory of its own, with banks of its own: it shares nothing with
    // the other projects). Listed before the fault and instance projects, with no dependency: workers
    // take tests in this order, so while the browser specs hold two workers, the third starts the
    // crash suite's serial chain (the longest), then the fault suites beside it (docs/testing.md).
    {
      name: "crash",
      testMatch: /.*\.crash\.spec\.ts/,
      fullyParallel: false,
      workers: 1,
    },
    // The three tail chains, longest first (faults-split ~80 s, instances ~70 s, faults-inapp ~55 s of
    // test time): the two browser workers free up first and take the two longest, the crash suite's
    // worker the shortest when it ends (docs/testing.md).
    // Sync faults against the built app in both shipped topologies, each on its own server and
    // database (they move the bank's clock), one spec at a time. Each starts its server when its
    // worker starts (topology.ts, PROJECT_SERVERS; e2e/support/project-servers.ts).
    {
      name: "faults-split",
      testMatch: /.*\.faults(-split)?\.spec\.ts/,
      fullyParallel: false,
      workers: 1,
      use: { baseURL: url(FAULTS_SPLIT_PORT) },
    },
    // Two app instances (started by the project, as the fault servers are) and one `npm run worker`
    // on one database (the spec talks to both instances).
    { name: "instances", testMatch: /.*\.instances\.spec\.ts/, fullyParallel: false, workers: 1 },
    {
      name: "faults-inapp",
      testMatch: /.*\.faults\.spec\.ts/,
      fullyParallel: false,
      workers: 1,
      use: { baseURL: url(FAULTS_INAPP_PORT) },
    },
    // Specs that move the sandbox bank's clock run after all others, one at a time, so no other
    // spec sees the bank's date jump.
    {
      name: "sandbox-clock",
      testMatch: /.*\.clock\.spec\.ts/,
      dependencies: ["api", "browser"],
      fullyParallel: false,
      workers: 1,
      use: browserUse(),
    },
  ],
  // The main server, as `npm start` starts it (scripts/run.mjs), on its own embedded PostgreSQL, with
  // its banks on port + 1, and the local fakes of Enable Banking and GoCardless in its banks process
  // (the launcher makes their key and secret under DATA_DIR; no real secret, nothing leaves the
  // machine). Behind PgBouncer in transaction mode, as on a managed PostgreSQL
  // (e2e/support/pooled-app.ts): every flow of the API and browser projects runs through the pooler.
  // The fault and instance projects start their own servers when they start
  // (e2e/support/project-servers.ts). E2E_NO_SERVERS=1: no main server, for a run of specs that start
  // their own processes while working on them; `npm test` always starts it.
  webServer:
    process.env.E2E_NO_SERVERS === "1"
      ? []
      : [
          {
            command: "npx tsx e2e/support/pooled-app.ts",
            url: `${baseURL}/api/health`,
            timeout: 600_000,
            reuseExistingServer: !process.env.CI,
            stdout: "ignore" as const,
            stderr: "pipe" as const,
            env: e2eServerEnv(PORT, E2E_DATA_DIR, { ENABLE_BANKING_FAKE: "1", GOCARDLESS_FAKE: "1" }),
          },
        ],
});
