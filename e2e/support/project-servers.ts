// The servers of the fault and instance projects (topology.ts, PROJECT_SERVERS), started by the
// project's worker before its first test and stopped when that worker ends, instead of by
// Playwright's web servers at the start of the run: those projects run last (playwright.config.ts),
// and their servers, each with its embedded PostgreSQL and banks, had started beside the main one
// and then waited through the browser specs. Each is the built app as `npm start` starts it
// (scripts/run.mjs start). A worker that ends after a failure stops them; the next one starts them
// again on the same data directory, as a restart would.
import { test as base } from "@playwright/test";
import { startScript, type ScriptProcess } from "../../testing/support/script-process";
import { e2eServerEnv, PROJECT_SERVERS } from "./topology";

export { expect } from "@playwright/test";

export const test = base.extend<object, { projectServers: void }>({
  projectServers: [
    // Playwright reads a fixture's dependencies from its first parameter: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const started: ScriptProcess[] = [];
      try {
        for (const server of PROJECT_SERVERS[workerInfo.project.name] ?? []) {
          const app = startScript(
            "start",
            { ...process.env, ...e2eServerEnv(server.port, server.dataDir, server.env) },
            { captureStderr: true },
          );
          started.push(app);
          await app.ready;
        }
        await use();
      } finally {
        // The last started first: instance B before the instance A whose PostgreSQL it shares.
        for (const server of started.reverse()) {
          const ended = await server.stop();
          if (ended.code !== 0 && ended.code !== null)
            console.warn(`a project server exited with ${ended.code}:\n${server.output().slice(-2000)}`);
        }
      }
    },
    { scope: "worker", auto: true, timeout: 300_000 },
  ],
});
