// `npm test`: every test. Unit + integration (Vitest, real embedded PostgreSQL), then end-to-end
// (Playwright: API and Chromium projects against the built app on a fresh embedded database).
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";

function run(label: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

const npx = process.platform === "win32" ? "npx.cmd" : "npx";
const typecheck = run("Type check", npx, ["tsc", "--noEmit", "-p", "."]);
const unit = run("Unit and integration tests (Vitest)", npx, ["vitest", "run"]);
rmSync(".data/e2e", { recursive: true, force: true });
const e2e = run("End-to-end tests (Playwright)", npx, ["playwright", "test"]);

const failed = [typecheck ? null : "type check", unit ? null : "vitest", e2e ? null : "playwright"].filter(Boolean);
if (failed.length) {
  console.error(`\nFailed: ${failed.join(", ")}`);
  process.exit(1);
}
console.log("\nAll test suites passed.");
