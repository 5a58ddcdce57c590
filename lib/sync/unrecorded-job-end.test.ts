import { describe, expect, it } from "vitest";
import { isUnrecordedJobEnd } from "./unrecorded-job-end";

const withStack = (stack: string) => Object.assign(new Error("Connection terminated unexpectedly"), { stack });

describe("isUnrecordedJobEnd", () => {
  it("knows pg-boss's unawaited completion and failure", () => {
    for (const verb of ["complete", "fail"]) {
      const error = withStack(
        [
          "Error: Connection terminated unexpectedly",
          "    at /app/node_modules/pg-pool/index.js:45:11",
          "    at async Db.executeSql (/app/node_modules/pg-boss/src/db.js:42:14)",
          `    at async Manager.${verb} (/app/node_modules/pg-boss/src/manager.js:485:20)`,
        ].join("\n"),
      );
      expect(isUnrecordedJobEnd(error)).toBe(true);
    }
  });

  it("leaves every other rejection to end the process", () => {
    expect(isUnrecordedJobEnd(new Error("boom"))).toBe(false);
    expect(isUnrecordedJobEnd("Manager.complete pg-boss/src/manager.js")).toBe(false);
    expect(
      isUnrecordedJobEnd(
        withStack("Error\n    at async Manager.fetch (/app/node_modules/pg-boss/src/manager.js:443:16)"),
      ),
    ).toBe(false);
    expect(isUnrecordedJobEnd(withStack("Error\n    at async Manager.complete (/app/lib/other/manager.js:1:1)"))).toBe(
      false,
    );
  });
});
