// A Vitest reporter that writes what the built-in JSON report leaves out: errors raised outside any
// test (unhandled rejections, uncaught exceptions) and how the run ended. `scripts/test.ts` reads it
// beside the JSON report, so a run with an unhandled error fails whatever the exit code says.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

type SerializedError = { message?: string; name?: string };

export default class RunReporter implements Reporter {
  onTestRunEnd(
    _testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
    reason: "passed" | "interrupted" | "failed",
  ): void {
    const file = process.env.VITEST_RUN_REPORT;
    if (!file) return;
    mkdirSync(path.dirname(file), { recursive: true });
    const errors = unhandledErrors.map((e) => `${e.name ?? "Error"}: ${e.message ?? ""}`);
    writeFileSync(file, JSON.stringify({ reason, unhandledErrors: errors }));
  }
}
