// `npm start` without METRICS_TOKEN serves metrics to this machine and to no one else, judged by the
// connection's address (lib/server/local-caller.ts), not by headers Next adds to every request; and
// HOST binds the server to one address. The spec starts scripts/start.ts itself (what `npm start`
// runs) on HOST=127.0.0.1, on a data directory of its own.
import net from "node:net";
import { rmSync } from "node:fs";
import { expect, test } from "./support/project-servers";
import { startScript, type ScriptProcess } from "../testing/support/script-process";
import { LOCAL_METRICS_DATA_DIR, LOCAL_METRICS_PORT } from "./support/topology";

const WORKER_PORT = LOCAL_METRICS_PORT + 2;
const server = `http://127.0.0.1:${LOCAL_METRICS_PORT}`;
const worker = `http://127.0.0.1:${WORKER_PORT}`;
let app: ScriptProcess;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  rmSync(LOCAL_METRICS_DATA_DIR, { recursive: true, force: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(LOCAL_METRICS_PORT),
    HOST: "127.0.0.1",
    APP_URL: server,
    WORKER_METRICS_PORT: String(WORKER_PORT),
    DATA_DIR: LOCAL_METRICS_DATA_DIR,
    LOG_LEVEL: "warn",
  };
  delete env.METRICS_TOKEN;
  delete env.TRUSTED_PROXIES;
  app = startScript("start", env, { captureStderr: true });
  await app.ready;
});

test.afterAll(async () => {
  await app?.stop("SIGTERM");
});

/** Whether anything accepts a connection there. */
function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

test("a direct caller on this machine scrapes without a token, the worker's metrics included", async ({ request }) => {
  const res = await request.get(`${server}/api/metrics`);
  expect(res.status(), await res.text()).toBe(200);
  const text = await res.text();
  expect(text).toMatch(/^ledgerlink_worker_metrics_up\{process="server"\} 1$/m);
  expect(text).toContain("# TYPE ledgerlink_http_requests_total counter");
  const own = await request.get(`${worker}/metrics`);
  expect(own.status()).toBe(200);
  expect(await own.text()).toContain('process="worker"');
});

test("a request carrying a proxy header from a peer that is no trusted proxy is refused, at both", async ({
  request,
}) => {
  const proxied: Record<string, string>[] = [
    { "x-forwarded-for": "203.0.113.9" },
    // A caller claiming to be local gains nothing by it.
    { "x-forwarded-for": "127.0.0.1" },
    { forwarded: "for=127.0.0.1" },
    { "x-real-ip": "127.0.0.1" },
    // Nor by naming the header the HTTP layer hands to Next.
    { "x-ll-local": "1", "x-forwarded-for": "127.0.0.1" },
  ];
  for (const headers of proxied) {
    const res = await request.get(`${server}/api/metrics`, { headers });
    expect(res.status(), JSON.stringify(headers)).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("forbidden");
    expect((await request.get(`${worker}/metrics`, { headers })).status(), JSON.stringify(headers)).toBe(403);
  }
});

test("HOST=127.0.0.1 binds that address alone", async () => {
  expect(await connects("127.0.0.1", LOCAL_METRICS_PORT)).toBe(true);
  expect(await connects("::1", LOCAL_METRICS_PORT)).toBe(false);
});
