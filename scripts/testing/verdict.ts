// Judges a test runner by its reports, not only by its exit code: a run passes only when it exited
// 0, ran at least one test, and its reports show no failed, errored, skipped or flaky test and no
// error outside a test. A missing or unreadable report is a failure too.
import { existsSync, readFileSync } from "node:fs";

export type Verdict = {
  runner: string;
  passed: number;
  failed: number;
  skipped: number;
  /** Everything that makes the run fail, in words; empty when it passed. */
  problems: string[];
};

type VitestJson = {
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numFailedTestSuites: number;
  success: boolean;
  testResults: { name: string; status: string; message: string }[];
};

type VitestRun = { reason: string; unhandledErrors: string[] };

type PlaywrightJson = {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number; interrupted?: number };
  errors: { message?: string }[];
};

function readJson<T>(file: string): T | null {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    return null;
  }
}

export function judgeVitest(exitCode: number | null, report: VitestJson | null, run: VitestRun | null): Verdict {
  const problems: string[] = [];
  if (exitCode !== 0) problems.push(`exited with ${exitCode ?? "a signal"}`);
  if (!report)
    return {
      runner: "vitest",
      passed: 0,
      failed: 0,
      skipped: 0,
      problems: [...problems, "no JSON report was written"],
    };
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
  return { runner: "vitest", passed: report.numPassedTests, failed, skipped, problems };
}

export function judgePlaywright(exitCode: number | null, report: PlaywrightJson | null): Verdict {
  const problems: string[] = [];
  if (exitCode !== 0) problems.push(`exited with ${exitCode ?? "a signal"}`);
  if (!report)
    return {
      runner: "playwright",
      passed: 0,
      failed: 0,
      skipped: 0,
      problems: [...problems, "no JSON report was written"],
    };
  const { expected, unexpected, flaky, skipped } = report.stats;
  const interrupted = report.stats.interrupted ?? 0;
  if (unexpected > 0) problems.push(`${unexpected} failed test(s)`);
  if (flaky > 0) problems.push(`${flaky} flaky test(s) (passed only on retry)`);
  if (interrupted > 0) problems.push(`${interrupted} interrupted test(s)`);
  if (skipped > 0) problems.push(`${skipped} skipped test(s): no test may skip itself`);
  if (expected + unexpected + flaky === 0) problems.push("no test ran");
  for (const error of report.errors) problems.push(`error outside a test: ${error.message ?? "unknown"}`);
  return { runner: "playwright", passed: expected, failed: unexpected + flaky + interrupted, skipped, problems };
}

export function readVitestVerdict(exitCode: number | null, reportFile: string, runFile: string): Verdict {
  return judgeVitest(exitCode, readJson<VitestJson>(reportFile), readJson<VitestRun>(runFile));
}

export function readPlaywrightVerdict(exitCode: number | null, reportFile: string): Verdict {
  return judgePlaywright(exitCode, readJson<PlaywrightJson>(reportFile));
}
