import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// `npm run test:failover`: the failover of the primary under load (testing/failover/), on a topology
// of its own (Patroni, etcd, HAProxy, PgBouncer from Debian's packages). Not part of `npm test`: it
// takes minutes and needs those packages. No global setup: the test starts every process it uses.
const root = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      "@": root,
      "server-only": path.join(root, "node_modules/server-only/empty.js"),
    },
  },
  test: {
    include: ["testing/failover/*.failover.test.ts"],
    pool: "forks",
    fileParallelism: false,
    testTimeout: 1_500_000,
    hookTimeout: 600_000,
  },
});
