// `npm start` stops cleanly: on SIGTERM (a process manager, a container stop) the server, the
// in-app sync worker and the pools close before the embedded PostgreSQL stops, the process exits 0,
// no connection is cut mid-flight, and the cluster is down. The spec starts scripts/start.ts itself
// (what `npm start` runs) on a data directory of its own, so it owns the process it signals.
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./support/project-servers";
import { startScript } from "../testing/support/script-process";
import { SHUTDOWN_DATA_DIR, SHUTDOWN_PORT } from "./support/topology";

const CUT_CONNECTION = /terminating connection|Connection terminated|ECONNRESET|server closed the connection/i;

test("npm start on SIGTERM: exit 0, no connection cut, the embedded cluster stopped", async ({ request }) => {
  test.setTimeout(240_000);
  rmSync(SHUTDOWN_DATA_DIR, { recursive: true, force: true });
  const app = startScript(
    "start",
    { ...process.env, PORT: String(SHUTDOWN_PORT), DATA_DIR: SHUTDOWN_DATA_DIR, LOG_LEVEL: "warn" },
    { captureStderr: true },
  );
  let exit: Awaited<ReturnType<typeof app.stop>>;
  try {
    await app.ready;
    // Traffic first, so the pools hold connections; the in-app worker holds pg-boss's.
    const base = `http://localhost:${SHUTDOWN_PORT}`;
    expect((await request.get(`${base}/api/health`)).status()).toBe(200);
    const apiKey = /API key:\s+(\S+)/.exec(app.output())?.[1] ?? "";
    expect(
      (await request.get(`${base}/api/scopes/v1`, { headers: { authorization: `Bearer ${apiKey}` } })).status(),
    ).toBe(200);
  } finally {
    exit = await app.stop("SIGTERM");
  }
  const { code, signal } = exit;

  expect({ code, signal }).toEqual({ code: 0, signal: null });
  expect(
    app
      .output()
      .split("\n")
      .filter((line) => CUT_CONNECTION.test(line)),
  ).toEqual([]);
  expect(existsSync(path.join(SHUTDOWN_DATA_DIR, "pg", "cluster", "postmaster.pid"))).toBe(false);
});
