import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// `npm test` proves the set-up can fail by running only the deliberately failing fixture
// (scripts/testing/self-check/) through this same config, global setup included.
const SELF_CHECK = process.env.VITEST_SELF_CHECK === "1";
// Workers side by side (TEST_WORKERS to change it). What 2 cores measured: see docs/testing.md.
const WORKERS = Number(process.env.TEST_WORKERS ?? 2);

export default defineConfig({
  resolve: {
    alias: {
      "@": path.dirname(fileURLToPath(import.meta.url)),
      // Server modules import "server-only" (a build error in client components); tests are server.
      "server-only": path.join(path.dirname(fileURLToPath(import.meta.url)), "node_modules/server-only/empty.js"),
    },
  },
  test: {
    include: SELF_CHECK
      ? ["scripts/testing/self-check/*.fixture.ts"]
      : [
          "lib/**/*.test.ts",
          "app/**/*.test.ts",
          "components/**/*.test.ts",
          "sandbox/**/*.test.ts",
          "testing/**/*.test.ts",
          "scripts/**/*.test.ts",
        ],
    // The failover test runs on its own (npm run test:failover, vitest.failover.config.mts).
    exclude: ["node_modules", ".next", ".data", "e2e", "testing/failover/**"],
    globalSetup: ["testing/support/global-setup.ts"],
    setupFiles: ["testing/support/setup-env.ts"],
    pool: "forks",
    // Files run side by side, one per worker; each worker has databases of its own, the sandbox
    // bank's clock among them (testing/support/global-setup.ts), and runs its files one at a time.
    fileParallelism: true,
    maxWorkers: WORKERS,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
