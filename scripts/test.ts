// `npm test`: every test. Lint (ESLint, any finding fails) and format check (Prettier), with a
// self-check that a lint finding does fail the run; type check; a self-check that the Vitest set-up
// can fail; unit + integration (Vitest, real embedded PostgreSQL); end-to-end (Playwright: API and
// Chromium projects against the built app, served as `npm start` serves it, on fresh embedded
// databases).
//
// The tests run one runner at a time in the foreground (Vitest, then Playwright); the checks that
// test nothing at run time (lint, format, types) and the build run beside them at a lower CPU
// priority, on what the tests leave idle (scripts/testing/phases.ts). docs/testing.md has the order
// and what it measured.
//
// Each runner is judged by its JSON reports as well as its exit code (scripts/testing/verdict.ts):
// a runner that exits 0 while a test failed, errored, skipped or raised an unhandled error fails.
import { rmSync } from "node:fs";
import path from "node:path";
import { E2E_DATA_DIR } from "../e2e/support/topology";
import { runPhase, timingLines, type Ended } from "./testing/phases";
import {
  judgePrettier,
  readEslintVerdict,
  readPlaywrightVerdict,
  readTypecheckVerdict,
  readVitestVerdict,
  splitLintExit,
  type Verdict,
} from "./testing/verdict";

const REPORTS = path.resolve(".data/reports");
/** What runs beside the tests yields the cores to them. */
const BESIDE = { background: true, niceness: 10 };

// The linter must be able to fail: each fixture breaks a rule on purpose (they are in the config's
// ignores, so only the self-check sees them) and has to come back failed, naming that rule. The second
// sits in lib/ and imports the banks and test support: the product's boundary must catch it.
const LINT_FIXTURES = [
  { file: "scripts/testing/lint-self-check/finding.ts", rule: "@typescript-eslint/require-await", what: "finding" },
  { file: "lib/lint-self-check/boundary-finding.ts", rule: "no-restricted-imports", what: "boundary crossing" },
];

const failedRunner = (runner: string, problem: string): Verdict => ({
  runner,
  passed: 0,
  failed: 1,
  skipped: 0,
  problems: [problem],
});

/**
 * ESLint and the type check over one TypeScript program, once `next typegen` has written the route
 * types the program includes (scripts/testing/lint.ts; the build writes them too, but it may have
 * failed or been skipped as up to date, and typegen takes ~1 s): building the program once for both took
 * 78–83 s of CPU where lint.ts alone took 86 s and tsc another 32 s. V8's young generation at 64 MB a half
 * instead of its default: a quarter of ESLint's CPU went to collecting garbage, and 64 MB saved ~12 s
 * of it (32 and 128 MB: no better than the default; docs/testing.md).
 */
async function lintAndTypes(): Promise<Verdict[]> {
  const typegen = await runPhase({ label: "Route types (next typegen)", args: ["next", "typegen"], ...BESIDE });
  const ended = await runPhase({
    label: "Lint (ESLint), its self-check and the type check",
    args: ["tsx", "scripts/testing/lint.ts", REPORTS, ...LINT_FIXTURES.map((f) => f.file)],
    env: { NODE_OPTIONS: [process.env.NODE_OPTIONS, "--max-semi-space-size=64"].filter(Boolean).join(" ") },
    ...BESIDE,
  });
  const exit = splitLintExit(ended.code);
  const verdicts = [
    readEslintVerdict(exit.lint, path.join(REPORTS, "eslint.json")),
    readTypecheckVerdict(exit.types, path.join(REPORTS, "typecheck.json")),
  ];
  if (typegen.code !== 0) verdicts.push(failedRunner("type check", `next typegen exited with ${typegen.code}`));
  for (const [i, fixture] of LINT_FIXTURES.entries()) {
    const selfCheck = readEslintVerdict(1, path.join(REPORTS, `lint-self-check-${i}.json`));
    if (selfCheck.problems.some((p) => p.includes(fixture.rule)))
      console.log(`Lint self-check: the deliberate ${fixture.what} was reported (as it must be).`);
    else
      verdicts.push(
        failedRunner(
          "lint self-check",
          `the deliberate lint ${fixture.what} (${fixture.rule}) was not reported: ${JSON.stringify(selfCheck)}`,
        ),
      );
  }
  return verdicts;
}

async function formatCheck(): Promise<Verdict> {
  const ended = await runPhase({
    label: "Format check (Prettier)",
    args: ["prettier", "--list-different", "."],
    ...BESIDE,
  });
  // Prettier lists the unformatted files on its standard output, one a line.
  return judgePrettier(ended.code, ended.stdout);
}

/**
 * The build, first of the checks beside the tests (the end-to-end servers wait for it). It is told
 * the types are checked (LEDGERLINK_TYPES_CHECKED, next.config.mjs) and skips its own check of the
 * same files (12–25 s of CPU on this machine): the type check after it fails the run on any error,
 * whatever the build did.
 */
async function build(): Promise<Verdict[]> {
  const built = await runPhase({
    label: "Build the app for the end-to-end servers",
    args: ["tsx", "scripts/build-app.ts"],
    env: { LEDGERLINK_TYPES_CHECKED: "1" },
    ...BESIDE,
  });
  return built.code === 0 ? [] : [failedRunner("build", `next build exited with ${built.code}`)];
}

async function vitest(label: string, name: string, env: Record<string, string> = {}): Promise<Verdict> {
  const report = path.join(REPORTS, `${name}.json`);
  const runReport = path.join(REPORTS, `${name}.run.json`);
  const ended: Ended = await runPhase({
    label,
    args: [
      "vitest",
      "run",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${report}`,
      "--reporter=./scripts/testing/vitest-run-reporter.ts",
    ],
    env: { ...env, VITEST_RUN_REPORT: runReport },
  });
  return readVitestVerdict(ended.code, report, runReport);
}

/** The suite must be able to fail: a deliberately failing fixture, run through the same set-up. */
async function vitestSelfCheck(): Promise<Verdict[]> {
  const selfCheck = await vitest("Self-check: a deliberately failing test must fail the run", "self-check", {
    VITEST_SELF_CHECK: "1",
  });
  const held =
    selfCheck.problems.some((p) => p.startsWith("exited with")) &&
    selfCheck.failed === 1 &&
    selfCheck.problems.some((p) => p.includes("unhandled error"));
  if (held) {
    console.log("Self-check: the failing fixture was reported as failed (as it must be).");
    return [];
  }
  return [
    failedRunner(
      "self-check",
      `the deliberately failing fixture was not reported as failed: ${JSON.stringify(selfCheck)}`,
    ),
  ];
}

async function playwright(): Promise<Verdict> {
  for (const dir of [
    E2E_DATA_DIR,
    `${E2E_DATA_DIR}-faults-inapp`,
    `${E2E_DATA_DIR}-faults-split`,
    `${E2E_DATA_DIR}-instances`,
  ])
    rmSync(dir, { recursive: true, force: true });
  const report = path.join(REPORTS, "playwright.json");
  const ended = await runPhase({
    label: "End-to-end tests (Playwright)",
    args: ["playwright", "test", "--reporter=list,json"],
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: report },
  });
  return readPlaywrightVerdict(ended.code, report);
}

async function main(): Promise<number> {
  rmSync(REPORTS, { recursive: true, force: true });
  // Beside the tests, one after another: the build (the end-to-end servers wait for it), the route
  // types, lint and the type check, then the format check. Not side by side: `next build` empties
  // .next, where the program the type check reads finds the route types.
  const built = build();
  const checks = built.then(() => lintAndTypes()).then(async (verdicts) => [...verdicts, await formatCheck()]);
  // In the foreground: Vitest, then (once the app is built) Playwright.
  const tests = [...(await vitestSelfCheck()), await vitest("Unit and integration tests (Vitest)", "vitest")];
  const buildVerdicts = await built;
  if (buildVerdicts.some((v) => v.runner === "build"))
    console.log("\nThe build failed: the end-to-end tests cannot run.");
  else tests.push(await playwright());
  const verdicts = [...(await checks), ...buildVerdicts, ...tests];

  const failedRunners = verdicts.filter((v) => v.problems.length > 0);
  const passed = verdicts.reduce((sum, v) => sum + v.passed, 0);
  const failed = verdicts.reduce((sum, v) => sum + v.failed, 0);
  const skipped = verdicts.reduce((sum, v) => sum + v.skipped, 0);
  console.log(`\nPhases (wall clock):\n${timingLines().join("\n")}\n`);
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
  return failedRunners.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
