// Deliberately failing: `npm test` runs this file through the project's own Vitest set-up (same
// config, global setup with embedded PostgreSQL) in a child process and requires the run to be
// reported as failed, by exit code and by its reports. Never part of the normal suite.
import { expect, test } from "vitest";

test("a failing assertion is reported as failed", () => {
  expect(1 + 1).toBe(3);
});

test("an unhandled rejection is reported", () => {
  void Promise.reject(new Error("deliberate unhandled rejection"));
  expect(true).toBe(true);
});
