import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.dirname(fileURLToPath(import.meta.url)) } },
  test: {
    include: ["lib/**/*.test.ts", "app/**/*.test.ts", "scripts/**/*.test.ts"],
    exclude: ["node_modules", ".next", ".data", "e2e"],
    globalSetup: ["lib/testing/global-setup.ts"],
    setupFiles: ["lib/testing/setup-env.ts"],
    pool: "forks",
    // One file at a time: the sandbox bank has one clock, and some files move it.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
