// Playwright: an API project (HTTP only) and a browser project (Chromium), against the real app
// served by scripts/start.ts on its own embedded PostgreSQL under .data/e2e.
import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { E2E_SANDBOX_CONTROL_SECRET } from "./e2e/control-secret";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${PORT}`;

/** A system Chromium when there is one (Debian's here); otherwise Playwright's managed browser. */
function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
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
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: { baseURL, trace: "retain-on-failure" },
  projects: [
    { name: "api", testMatch: /.*\.api\.spec\.ts/ },
    {
      name: "browser",
      testIgnore: [/.*\.api\.spec\.ts/, /.*\.clock\.spec\.ts/],
      use: browserUse(),
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
  webServer: {
    command: "npx tsx scripts/start.ts",
    url: `${baseURL}/api/health`,
    timeout: 600_000,
    reuseExistingServer: !process.env.CI,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      DATA_DIR: process.env.E2E_DATA_DIR ?? ".data/e2e",
      LOG_LEVEL: "warn",
      RATE_LIMIT_POINTS: "100000",
      AUTH_RATE_LIMIT_POINTS: "1000",
      // Nothing reaches the internet in tests: real public data providers stay off.
      GLEIF_ENABLED: "0",
      SANDBOX_CONTROL_SECRET: E2E_SANDBOX_CONTROL_SECRET,
    },
  },
});
