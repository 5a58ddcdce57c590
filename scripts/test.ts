// `npm test`: every test. Lint (ESLint, any finding fails) and format check (Prettier), with a
// self-check that a lint finding does fail the run; type check; a self-check that the Vitest set-up can fail; unit +
// integration (Vitest, real embedded PostgreSQL); end-to-end (Playwright: API and Chromium projects
// against the built app, served as `npm start` serves it, on a fresh embedded database).
//
// Each runner is judged by its JSON reports as well as its exit code (scripts/testing/verdict.ts):
// a runner that exits 0 while a test failed, errored, skipped or raised an unhandled error fails.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import {
  judgePrettier,
  readEslintVerdict,
  readPlaywrightVerdict,
  readVitestVerdict,
  type Verdict,
} from "./testing/verdict";

const REPORTS = path.resolve(".data/reports");
const npx = process.platform === "win32" ? "npx.cmd" : "npx";

function run(label: string, args: string[], env: Record<string, string> = {}): number | null {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(npx, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status;
}

function vitest(label: string, name: string, env: Record<string, string> = {}): Verdict {
  const report = path.join(REPORTS, `${name}.json`);
  const runReport = path.join(REPORTS, `${name}.run.json`);
  const code = run(
    label,
    [
      "vitest",
      "run",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${report}`,
      "--reporter=./scripts/testing/vitest-run-reporter.ts",
    ],
    { ...env, VITEST_RUN_REPORT: runReport },
  );
  return readVitestVerdict(code, report, runReport);
}

function eslint(label: string, name: string, args: string[]): Verdict {
  const report = path.join(REPORTS, `${name}.json`);
  mkdirSync(REPORTS, { recursive: true });
  return readEslintVerdict(run(label, ["eslint", "--max-warnings", "0", "-f", "json", "-o", report, ...args]), report);
}

rmSync(REPORTS, { recursive: true, force: true });
const verdicts: Verdict[] = [];

// The linter must be able to fail: each fixture breaks a rule on purpose (they are in the config's
// ignores, so only these runs see them) and has to come back failed, naming that rule. The second
// sits in lib/ and imports the banks and test support: the product's boundary must catch it.
const LINT_FIXTURES = [
  { file: "scripts/testing/lint-self-check/finding.ts", rule: "@typescript-eslint/require-await", what: "finding" },
  { file: "lib/lint-self-check/boundary-finding.ts", rule: "no-restricted-imports", what: "boundary crossing" },
];
for (const [i, fixture] of LINT_FIXTURES.entries()) {
  const lintSelfCheck = eslint(
    `Self-check: a deliberate lint ${fixture.what} must fail the run`,
    `lint-self-check-${i}`,
    ["--no-ignore", fixture.file],
  );
  if (!lintSelfCheck.problems.some((p) => p.includes(fixture.rule)))
    verdicts.push({
      runner: "lint self-check",
      passed: 0,
      failed: 1,
      skipped: 0,
      problems: [
        `the deliberate lint ${fixture.what} (${fixture.rule}) was not reported: ${JSON.stringify(lintSelfCheck)}`,
      ],
    });
  else console.log(`Lint self-check: the deliberate ${fixture.what} was reported (as it must be).`);
}
verdicts.push(eslint("Lint (ESLint)", "eslint", ["."]));

console.log("\n▶ Format check (Prettier)");
const prettier = spawnSync(npx, ["prettier", "--list-different", "."], { encoding: "utf8", env: process.env });
process.stdout.write(prettier.stdout ?? "");
process.stderr.write(prettier.stderr ?? "");
verdicts.push(judgePrettier(prettier.status, prettier.stdout ?? ""));

const typecheck = run("Type check", ["tsc", "--noEmit", "-p", "."]);
if (typecheck !== 0)
  verdicts.push({ runner: "type check", passed: 0, failed: 1, skipped: 0, problems: [`tsc exited with ${typecheck}`] });

// The suite must be able to fail: a deliberately failing fixture, run through the same set-up,
// has to come back failed by its exit code and by its reports.
const selfCheck = vitest("Self-check: a deliberately failing test must fail the run", "self-check", {
  VITEST_SELF_CHECK: "1",
});
const selfCheckHeld =
  selfCheck.problems.some((p) => p.startsWith("exited with")) &&
  selfCheck.failed === 1 &&
  selfCheck.problems.some((p) => p.includes("unhandled error"));
console.log(selfCheckHeld ? "Self-check: the failing fixture was reported as failed (as it must be)." : "");
if (!selfCheckHeld) {
  verdicts.push({
    runner: "self-check",
    passed: 0,
    failed: 1,
    skipped: 0,
    problems: [`the deliberately failing fixture was not reported as failed: ${JSON.stringify(selfCheck)}`],
  });
}

verdicts.push(vitest("Unit and integration tests (Vitest)", "vitest"));

for (const dir of [".data/e2e", ".data/e2e-faults-inapp", ".data/e2e-faults-split", ".data/e2e-instances"])
  rmSync(dir, { recursive: true, force: true });
const build = run("Build the app for the end-to-end servers", ["tsx", "scripts/build-app.ts"]);
if (build !== 0)
  verdicts.push({ runner: "build", passed: 0, failed: 1, skipped: 0, problems: [`next build exited with ${build}`] });
const playwrightReport = path.join(REPORTS, "playwright.json");
const e2e = run("End-to-end tests (Playwright)", ["playwright", "test", "--reporter=list,json"], {
  PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport,
});
verdicts.push(readPlaywrightVerdict(e2e, playwrightReport));

const failedRunners = verdicts.filter((v) => v.problems.length > 0);
const passed = verdicts.reduce((sum, v) => sum + v.passed, 0);
const failed = verdicts.reduce((sum, v) => sum + v.failed, 0);
const skipped = verdicts.reduce((sum, v) => sum + v.skipped, 0);
console.log("");
for (const v of verdicts)
  console.log(
    `${v.runner}: ${v.passed} passed, ${v.failed} failed, ${v.skipped} skipped${v.problems.length ? ` — ${v.problems.join("; ")}` : ""}`,
  );
if (failedRunners.length > 0) {
  console.error(`\nFailed: ${failedRunners.map((v) => v.runner).join(", ")}`);
  for (const v of failedRunners) for (const failure of v.failures ?? []) console.error(`  ✗ ${v.runner}: ${failure}`);
}
// A plain closing line that CI counts.
console.log(`\nTotal: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedRunners.length > 0 ? 1 : 0);
