// Judges a test runner by its reports, not only by its exit code: a run passes only when it exited
// 0, ran at least one test, and its reports show no failed, errored, skipped or flaky test and no
// error outside a test. A missing or unreadable report is a failure too. The linter and the format
// check are judged the same way: any finding fails, whatever the exit code says.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

export type Verdict = {
  runner: string;
  passed: number;
  failed: number;
  skipped: number;
  /** Everything that makes the run fail, in words; empty when it passed. */
  problems: string[];
  /** Each failed test by name, with the first line of its error, so a log's tail says what broke. */
  failures?: string[];
};

type VitestJson = {
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numFailedTestSuites: number;
  success: boolean;
  testResults: {
    name: string;
    status: string;
    message: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
};

type VitestRun = { reason: string; unhandledErrors: string[] };

/** ESLint's `--format json` output: one entry per file linted. */
export type EslintJson = {
  filePath: string;
  errorCount: number;
  warningCount: number;
  messages: { ruleId: string | null; line?: number; message: string }[];
}[];

type PlaywrightSuite = {
  title: string;
  file?: string;
  specs?: {
    title: string;
    file: string;
    line: number;
    tests: {
      projectName: string;
      status: string;
      results: { errors?: { message?: string }[]; error?: { message?: string } }[];
    }[];
  }[];
  suites?: PlaywrightSuite[];
};

type PlaywrightJson = {
  suites?: PlaywrightSuite[];
  stats: { expected: number; unexpected: number; flaky: number; skipped: number; interrupted?: number };
  errors: { message?: string }[];
};

/** The first non-empty line of an error message, without terminal colour codes, at most 300 characters. */
export function firstLine(message: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  const plain = (message ?? "").replace(/\u001b\[[0-9;]*m/g, "");
  const line = plain.split("\n").find((l) => l.trim() !== "") ?? "no message";
  return line.trim().slice(0, 300);
}

function vitestFailures(report: VitestJson, root: string): string[] {
  return report.testResults.flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((t) => t.status === "failed")
      .map((t) => `${path.relative(root, file.name)} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`),
  );
}

function playwrightFailures(suites: PlaywrightSuite[], titles: string[] = []): string[] {
  return suites.flatMap((suite) => {
    const trail = suite.file === suite.title ? titles : [...titles, suite.title];
    const here = (suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((t) => t.status === "unexpected" || t.status === "flaky")
        .map((t) => {
          const result = t.results.find((r) => (r.errors?.length ?? 0) > 0 || r.error);
          const message = result?.errors?.[0]?.message ?? result?.error?.message;
          const name = [...trail, spec.title].join(" › ");
          return `[${t.projectName}] ${spec.file}:${spec.line} › ${name} (${t.status}): ${firstLine(message)}`;
        }),
    );
    return [...here, ...playwrightFailures(suite.suites ?? [], trail)];
  });
}

function readJson<T>(file: string): T | null {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    return null;
  }
}

/** Where every verdict starts: a non-zero exit (or a signal) is a problem. */
const exitProblems = (exitCode: number | null): string[] =>
  exitCode === 0 ? [] : [`exited with ${exitCode ?? "a signal"}`];

/** A runner that wrote no report: nothing is known to have passed. */
const withoutReport = (runner: string, problems: string[]): Verdict => ({
  runner,
  passed: 0,
  failed: 0,
  skipped: 0,
  problems: [...problems, "no JSON report was written"],
});

export function judgeVitest(
  exitCode: number | null,
  report: VitestJson | null,
  run: VitestRun | null,
  root = process.cwd(),
): Verdict {
  const problems = exitProblems(exitCode);
  if (!report) return withoutReport("vitest", problems);
  if (!run) problems.push("no run report was written (unhandled errors unknown)");
  const failed = report.numFailedTests;
  const skipped = report.numPendingTests + report.numTodoTests;
  if (failed > 0) problems.push(`${failed} failed test(s)`);
  const brokenFiles = report.testResults.filter((f) => f.status === "failed" && f.message);
  for (const file of brokenFiles) problems.push(`${file.name}: ${file.message}`);
  if (report.numFailedTestSuites > 0 && failed === 0 && brokenFiles.length === 0)
    problems.push(`${report.numFailedTestSuites} failed suite(s)`);
  if (skipped > 0) problems.push(`${skipped} skipped or todo test(s): no test may skip itself`);
  if (report.numTotalTests === 0) problems.push("no test ran");
  if (!report.success) problems.push("the report says the run did not succeed");
  if (run && run.unhandledErrors.length > 0)
    problems.push(`${run.unhandledErrors.length} unhandled error(s): ${run.unhandledErrors.join("; ")}`);
  if (run && run.reason !== "passed") problems.push(`the run ended as "${run.reason}"`);
  const failures = vitestFailures(report, root);
  return { runner: "vitest", passed: report.numPassedTests, failed, skipped, problems, failures };
}

export function judgePlaywright(exitCode: number | null, report: PlaywrightJson | null): Verdict {
  const problems = exitProblems(exitCode);
  if (!report) return withoutReport("playwright", problems);
  const { expected, unexpected, flaky, skipped } = report.stats;
  const interrupted = report.stats.interrupted ?? 0;
  if (unexpected > 0) problems.push(`${unexpected} failed test(s)`);
  if (flaky > 0) problems.push(`${flaky} flaky test(s) (passed only on retry)`);
  if (interrupted > 0) problems.push(`${interrupted} interrupted test(s)`);
  if (skipped > 0) problems.push(`${skipped} skipped test(s): no test may skip itself`);
  if (expected + unexpected + flaky === 0) problems.push("no test ran");
  for (const error of report.errors) problems.push(`error outside a test: ${error.message ?? "unknown"}`);
  const failures = playwrightFailures(report.suites ?? []);
  return {
    runner: "playwright",
    passed: expected,
    failed: unexpected + flaky + interrupted,
    skipped,
    problems,
    failures,
  };
}

/** Lint: any error or warning fails, and so does a non-zero exit or a missing report. */
export function judgeEslint(exitCode: number | null, report: EslintJson | null, root = process.cwd()): Verdict {
  const problems = exitProblems(exitCode);
  if (!report) return withoutReport("lint", problems);
  const dirty = report.filter((f) => f.errorCount + f.warningCount > 0);
  const findings = dirty.flatMap((f) =>
    f.messages.map((m) => `${path.relative(root, f.filePath)}:${m.line ?? 0} ${m.ruleId ?? "parse"}: ${m.message}`),
  );
  if (findings.length > 0) problems.push(`${findings.length} finding(s): ${findings.join("; ")}`);
  if (report.length === 0) problems.push("no file was linted");
  return { runner: "lint", passed: report.length - dirty.length, failed: dirty.length, skipped: 0, problems };
}

/** scripts/testing/lint.ts's exit code: the sum of these, 0 when both are clean; 2 when it could not run. */
export const LINT_FOUND = 1;
export const TYPES_FAILED = 4;

/** lint.ts's exit code as each of its two checks would have exited alone (a crash is each one's). */
export function splitLintExit(code: number | null): { lint: number | null; types: number | null } {
  if (code === null || (code & ~(LINT_FOUND | TYPES_FAILED)) !== 0) return { lint: code, types: code };
  return { lint: code & LINT_FOUND ? 1 : 0, types: code & TYPES_FAILED ? 1 : 0 };
}

/** `tsc --noEmit`'s errors as lint.ts reports them: `{ errors, diagnostics }`. */
export type TypecheckJson = { errors: number; diagnostics: string[] };

export function judgeTypecheck(exitCode: number | null, report: TypecheckJson | null): Verdict {
  const problems = exitProblems(exitCode);
  if (!report) return withoutReport("type check", problems);
  if (report.errors > 0) problems.push(`${report.errors} type error(s): ${report.diagnostics.join("; ")}`);
  return {
    runner: "type check",
    passed: report.errors === 0 ? 1 : 0,
    failed: report.errors > 0 ? 1 : 0,
    skipped: 0,
    problems,
    failures: report.diagnostics.slice(0, 20),
  };
}

export function readTypecheckVerdict(exitCode: number | null, reportFile: string): Verdict {
  return judgeTypecheck(exitCode, readJson<TypecheckJson>(reportFile));
}

/** Format check: `prettier --list-different` prints one unformatted file a line (exit 1), 2 on an error. */
export function judgePrettier(exitCode: number | null, listed: string): Verdict {
  const files = listed.split("\n").filter((line) => line.trim() !== "");
  const problems = exitProblems(exitCode);
  if (files.length > 0) problems.push(`${files.length} file(s) not formatted: ${files.join(", ")}`);
  return { runner: "format check", passed: files.length === 0 ? 1 : 0, failed: files.length, skipped: 0, problems };
}

export function readEslintVerdict(exitCode: number | null, reportFile: string): Verdict {
  return judgeEslint(exitCode, readJson<EslintJson>(reportFile));
}

export function readVitestVerdict(exitCode: number | null, reportFile: string, runFile: string): Verdict {
  return judgeVitest(exitCode, readJson<VitestJson>(reportFile), readJson<VitestRun>(runFile));
}

export function readPlaywrightVerdict(exitCode: number | null, reportFile: string): Verdict {
  return judgePlaywright(exitCode, readJson<PlaywrightJson>(reportFile));
}
