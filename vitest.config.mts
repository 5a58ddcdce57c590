import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// `npm test` proves the set-up can fail by running only the deliberately failing fixture
// (scripts/testing/self-check/) through this same config, global setup included.
const SELF_CHECK = process.env.VITEST_SELF_CHECK === "1";
const TESTS = [
  "lib/**/*.test.ts",
  "app/**/*.test.ts",
  "components/**/*.test.ts",
  "sandbox/**/*.test.ts",
  "testing/**/*.test.ts",
  "scripts/**/*.test.ts",
];
// Workers side by side (TEST_WORKERS to change it). What 2 cores measured: see docs/testing.md.
const WORKERS = Number(process.env.TEST_WORKERS ?? 2);

/**
 * Files that need a process of their own. They configure the app's environment before it loads
 * (lib/env.ts reads it once: the aggregators' and registers' fakes, a replica, file-only limits,
 * metrics, tracing), mock a module, or end the database pools that the product's singletons hold.
 * Every other file runs in its worker's one process after the files before it (`isolate: false`),
 * importing the product's modules once a worker instead of once a file (docs/testing.md).
 */
const OWN_PROCESS = [
  "components/ui/format.test.ts",
  "lib/db/replica.integration.test.ts",
  "lib/env.test.ts",
  "lib/errors.test.ts",
  "lib/sync/outcome.test.ts",
  "testing/integration/accounttracking/stats-cache-replica.integration.test.ts",
  "testing/integration/api/auth-rate-limit.integration.test.ts",
  "testing/integration/api/rate-limit.integration.test.ts",
  "testing/integration/api/shared-rate-limit.integration.test.ts",
  "testing/integration/auth/principal-cache.integration.test.ts",
  "testing/integration/backup/backup-restore.integration.test.ts",
  "testing/integration/backup/standby.integration.test.ts",
  "testing/integration/banking/enablebanking/consent-lifecycle.integration.test.ts",
  "testing/integration/banking/enablebanking/enablebanking.integration.test.ts",
  "testing/integration/banking/gocardless/consent-lifecycle.integration.test.ts",
  "testing/integration/banking/gocardless/gocardless.integration.test.ts",
  "testing/integration/banking/registry.integration.test.ts",
  "testing/integration/datasets/companies-house-lookup.integration.test.ts",
  "testing/integration/db/transaction-pooler.integration.test.ts",
  "testing/integration/health/readiness.integration.test.ts",
  "testing/integration/metrics/metrics.integration.test.ts",
  "testing/integration/metrics/webhook-metrics.integration.test.ts",
  "testing/integration/sync/paging.integration.test.ts",
  "testing/integration/tracing/trace.integration.test.ts",
];

const alias = {
  "@": path.dirname(fileURLToPath(import.meta.url)),
  // Server modules import "server-only" (a build error in client components); tests are server.
  "server-only": path.join(path.dirname(fileURLToPath(import.meta.url)), "node_modules/server-only/empty.js"),
};
// The failover test runs on its own (npm run test:failover, vitest.failover.config.mts).
const EXCLUDE = ["node_modules", ".next", ".data", "e2e", "testing/failover/**"];
/**
 * A project: every file runs with the setup file and these limits. The global setup is the root's
 * alone (a project's own would start one more cluster): one cluster for the run.
 */
const project = (test: {
  name: string;
  include: string[];
  exclude?: string[];
  isolate?: boolean;
  groupOrder?: number;
}) => {
  const { groupOrder = 0, ...rest } = test;
  return {
    resolve: { alias },
    test: {
      ...rest,
      setupFiles: ["testing/support/setup-env.ts"],
      pool: "forks" as const,
      testTimeout: 30_000,
      hookTimeout: 60_000,
      sequence: { groupOrder },
    },
  };
};

export default defineConfig({
  resolve: { alias },
  test: {
    globalSetup: ["testing/support/global-setup.ts"],
    // Files run side by side, one per worker; each worker has databases of its own, the sandbox
    // bank's clock among them (testing/support/global-setup.ts), and runs its files one at a time.
    fileParallelism: true,
    maxWorkers: WORKERS,
    // The shared files first, then those with a process each: one group at a time, on every worker.
    projects: SELF_CHECK
      ? [project({ name: "self-check", include: ["scripts/testing/self-check/*.fixture.ts"] })]
      : [
          project({ name: "shared", include: TESTS, exclude: [...EXCLUDE, ...OWN_PROCESS], isolate: false }),
          project({ name: "own-process", include: OWN_PROCESS, groupOrder: 1 }),
        ],
  },
});
