// A worker process's metrics on a port of its own (WORKER_METRICS_PORT, on WORKER_METRICS_HOST,
// 127.0.0.1 by default): GET /metrics in Prometheus's text format, or as prom-client's JSON for the
// server's scrape to carry (lib/metrics/scrape.ts). The same rule as /api/metrics decides who may
// read it (lib/metrics/access.ts). Other paths and methods: 404 / 405.
import "server-only";
import http from "node:http";
import { trustedProxies } from "@/lib/env";
import { metricsAccess } from "@/lib/metrics/access";
import { registry } from "@/lib/metrics/registry";
import { isLocalCaller } from "@/lib/server/local-caller";

export type MetricsEndpoint = { port: number; close: () => Promise<void> };

export async function serveWorkerMetrics(options: {
  host: string;
  port: number;
  token: string | undefined;
}): Promise<MetricsEndpoint> {
  const server = http.createServer((req, res) => {
    const answer = (status: number, body: string, type = "text/plain; charset=utf-8") => {
      res.writeHead(status, { "content-type": type, "cache-control": "no-store" });
      res.end(body);
    };
    if ((req.url ?? "").split("?")[0] !== "/metrics") return answer(404, "Not found\n");
    if (req.method !== "GET") return answer(405, "Method not allowed\n");
    const access = metricsAccess(
      {
        authorization: req.headers.authorization ?? null,
        local: isLocalCaller(req.socket.remoteAddress, req.headers, trustedProxies()),
      },
      options.token,
    );
    if (access !== "allowed") return answer(access === "unauthenticated" ? 401 : 403, `${access}\n`);
    const json = (req.headers.accept ?? "").includes("application/json");
    const body = json ? registry.getMetricsAsJSON().then((m) => JSON.stringify(m)) : registry.metrics();
    body.then(
      (text) => answer(200, text, json ? "application/json" : registry.contentType),
      () => answer(500, "metrics could not be read\n"),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === "object" && address ? address.port : options.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
