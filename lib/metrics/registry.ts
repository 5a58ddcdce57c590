// The metrics of this process: one prom-client registry (module state: each process — the web
// server, a worker — runs one module graph), Node's own process metrics, and every series labelled
// `process` ("server" or "worker"), so the server's scrape can carry a worker's series beside its own
// (lib/metrics/scrape.ts). Metric definitions: lib/metrics/metrics.ts.
import "server-only";
import client from "prom-client";

export type ProcessRole = "server" | "worker";

export const registry = new client.Registry();
registry.setDefaultLabels({ process: "server" });
client.collectDefaultMetrics({ register: registry });

/** A worker process says so once, at start; default labels are applied when metrics are read. */
export function setProcessRole(role: ProcessRole): void {
  registry.setDefaultLabels({ process: role });
}

export { client };
