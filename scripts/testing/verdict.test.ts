import { describe, expect, it } from "vitest";
import { judgeEslint, judgePlaywright, judgePrettier, judgeTypecheck, judgeVitest, splitLintExit } from "./verdict";

const cleanVitest = {
  numTotalTests: 3,
  numPassedTests: 3,
  numFailedTests: 0,
  numPendingTests: 0,
  numTodoTests: 0,
  numFailedTestSuites: 0,
  success: true,
  testResults: [{ name: "a.test.ts", status: "passed", message: "" }],
};
const cleanRun = { reason: "passed", unhandledErrors: [] };

describe("judgeVitest", () => {
  it("passes a clean run", () => {
    expect(judgeVitest(0, cleanVitest, cleanRun).problems).toEqual([]);
  });

  it("fails a run that exited 0 with a failed test", () => {
    const verdict = judgeVitest(0, { ...cleanVitest, numPassedTests: 2, numFailedTests: 1, success: false }, cleanRun);
    expect(verdict.failed).toBe(1);
    expect(verdict.problems).toContain("1 failed test(s)");
  });

  it("fails on an unhandled error even when every test passed and the exit code is 0", () => {
    const verdict = judgeVitest(0, cleanVitest, { reason: "failed", unhandledErrors: ["Error: boom"] });
    expect(verdict.problems.join(" ")).toMatch(/1 unhandled error\(s\): Error: boom/);
  });

  it("fails a file that could not load, a skipped test, no tests, and a missing report", () => {
    const broken = {
      ...cleanVitest,
      numFailedTestSuites: 1,
      testResults: [{ name: "b.test.ts", status: "failed", message: "Cannot find module" }],
    };
    expect(judgeVitest(0, broken, cleanRun).problems).toContain("b.test.ts: Cannot find module");
    expect(judgeVitest(0, { ...cleanVitest, numPendingTests: 1 }, cleanRun).problems.join()).toMatch(/skipped/);
    expect(judgeVitest(0, { ...cleanVitest, numTotalTests: 0, numPassedTests: 0 }, cleanRun).problems).toContain(
      "no test ran",
    );
    expect(judgeVitest(0, null, null).problems).toContain("no JSON report was written");
  });

  it("fails a non-zero exit even when the reports look clean", () => {
    expect(judgeVitest(1, cleanVitest, cleanRun).problems).toEqual(["exited with 1"]);
  });
});

describe("judgePlaywright", () => {
  const clean = { stats: { expected: 5, unexpected: 0, flaky: 0, skipped: 0 }, errors: [] };

  it("passes a clean run and fails failed, flaky, skipped, empty runs and global errors", () => {
    expect(judgePlaywright(0, clean).problems).toEqual([]);
    expect(judgePlaywright(0, { ...clean, stats: { ...clean.stats, unexpected: 1 } }).failed).toBe(1);
    expect(judgePlaywright(0, { ...clean, stats: { ...clean.stats, flaky: 1 } }).problems.join()).toMatch(/flaky/);
    expect(judgePlaywright(0, { ...clean, stats: { ...clean.stats, skipped: 2 } }).problems.join()).toMatch(/skipped/);
    expect(
      judgePlaywright(0, { ...clean, stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0 } }).problems,
    ).toContain("no test ran");
    expect(judgePlaywright(0, { ...clean, errors: [{ message: "webServer failed" }] }).problems.join()).toMatch(
      /webServer failed/,
    );
    expect(judgePlaywright(null, null).problems).toContain("no JSON report was written");
  });
});

describe("judgeEslint", () => {
  const clean = { filePath: "/repo/a.ts", errorCount: 0, warningCount: 0, messages: [] };
  const finding = {
    filePath: "/repo/lib/b.ts",
    errorCount: 1,
    warningCount: 0,
    messages: [{ ruleId: "@typescript-eslint/require-await", line: 3, message: "Async function has no 'await'" }],
  };

  it("passes a clean report and fails one finding, naming the file, line and rule, even when it exited 0", () => {
    expect(judgeEslint(0, [clean], "/repo").problems).toEqual([]);
    const verdict = judgeEslint(0, [clean, finding], "/repo");
    expect(verdict.failed).toBe(1);
    expect(verdict.problems).toEqual([
      "1 finding(s): lib/b.ts:3 @typescript-eslint/require-await: Async function has no 'await'",
    ]);
  });

  it("fails a warning, a parse error, a non-zero exit, an empty run and a missing report", () => {
    const warning = { ...finding, errorCount: 0, warningCount: 1 };
    expect(judgeEslint(0, [warning], "/repo").problems.join()).toMatch(/1 finding/);
    const parse = { ...finding, messages: [{ ruleId: null, message: "Parsing error" }] };
    expect(judgeEslint(0, [parse], "/repo").problems.join()).toMatch(/lib\/b.ts:0 parse: Parsing error/);
    expect(judgeEslint(1, [clean], "/repo").problems).toEqual(["exited with 1"]);
    expect(judgeEslint(0, [], "/repo").problems).toContain("no file was linted");
    expect(judgeEslint(2, null).problems).toEqual(["exited with 2", "no JSON report was written"]);
  });
});

describe("judgeTypecheck and lint.ts's exit code", () => {
  it("fails on any type error, a missing report or an exit other than 0, naming the errors", () => {
    expect(judgeTypecheck(0, { errors: 0, diagnostics: [] })).toMatchObject({ passed: 1, failed: 0, problems: [] });
    const failed = judgeTypecheck(1, { errors: 1, diagnostics: ["lib/a.ts(3,7): error TS2322: Type 'string'…"] });
    expect(failed).toMatchObject({ passed: 0, failed: 1 });
    expect(failed.problems).toEqual(["exited with 1", "1 type error(s): lib/a.ts(3,7): error TS2322: Type 'string'…"]);
    // A report that says clean does not make a failed exit pass, nor the other way round.
    expect(judgeTypecheck(1, { errors: 0, diagnostics: [] }).problems).toEqual(["exited with 1"]);
    expect(judgeTypecheck(0, { errors: 2, diagnostics: ["a", "b"] }).problems).toEqual(["2 type error(s): a; b"]);
    expect(judgeTypecheck(0, null).problems).toEqual(["no JSON report was written"]);
  });

  it("splits lint.ts's exit into each check's: 1 a lint finding, 4 a type error, anything else both", () => {
    expect(splitLintExit(0)).toEqual({ lint: 0, types: 0 });
    expect(splitLintExit(1)).toEqual({ lint: 1, types: 0 });
    expect(splitLintExit(4)).toEqual({ lint: 0, types: 1 });
    expect(splitLintExit(5)).toEqual({ lint: 1, types: 1 });
    expect(splitLintExit(2)).toEqual({ lint: 2, types: 2 });
    expect(splitLintExit(null)).toEqual({ lint: null, types: null });
  });
});

describe("judgePrettier", () => {
  it("passes when nothing is listed and fails on any unformatted file or a non-zero exit", () => {
    expect(judgePrettier(0, "").problems).toEqual([]);
    expect(judgePrettier(1, "a.ts\nb.tsx\n").problems).toEqual([
      "exited with 1",
      "2 file(s) not formatted: a.ts, b.tsx",
    ]);
    expect(judgePrettier(2, "").problems).toEqual(["exited with 2"]);
  });
});

describe("naming what failed", () => {
  it("names each failed Vitest test with its file and the first line of its error", () => {
    const report = {
      ...cleanVitest,
      numPassedTests: 1,
      numFailedTests: 1,
      success: false,
      testResults: [
        {
          name: "/repo/lib/a.test.ts",
          status: "failed",
          message: "",
          assertionResults: [
            { fullName: "sync keeps rows", status: "passed" },
            {
              fullName: "sync counts runs",
              status: "failed",
              failureMessages: ["\u001b[31mAssertionError: expected 2 to be 1\u001b[39m\n    at lib/a.test.ts:9"],
            },
          ],
        },
      ],
    };
    expect(judgeVitest(1, report, cleanRun, "/repo").failures).toEqual([
      "lib/a.test.ts › sync counts runs: AssertionError: expected 2 to be 1",
    ]);
  });

  it("names each failed or flaky Playwright test with its project, place and error", () => {
    const spec = (title: string, status: string, message?: string) => ({
      title,
      file: "sync.spec.ts",
      line: 7,
      tests: [{ projectName: "faults", status, results: [{ errors: message ? [{ message }] : [] }] }],
    });
    const report = {
      stats: { expected: 1, unexpected: 1, flaky: 1, skipped: 0 },
      errors: [],
      suites: [
        {
          title: "sync.spec.ts",
          file: "sync.spec.ts",
          specs: [spec("passes", "expected")],
          suites: [
            {
              title: "through sandbox",
              specs: [
                spec("one run", "unexpected", "Error: expect(received).toBe(expected)\n\nExpected: 1"),
                spec("retried", "flaky", "Timeout"),
              ],
            },
          ],
        },
      ],
    };
    expect(judgePlaywright(1, report).failures).toEqual([
      "[faults] sync.spec.ts:7 › through sandbox › one run (unexpected): Error: expect(received).toBe(expected)",
      "[faults] sync.spec.ts:7 › through sandbox › retried (flaky): Timeout",
    ]);
  });
});
