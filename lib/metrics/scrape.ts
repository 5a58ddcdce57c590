// What GET /api/metrics answers: this server's metrics, the database figures (lib/metrics/database-gauges.ts)
// and the metrics of the sync worker on this machine, read from its own port (WORKER_METRICS_PORT,
// lib/metrics/worker-endpoint.ts) — the worker is a process of its own, with its own registry, and
// its counters (sync runs, the bank calls of syncs, PSD2 accesses) live there. Series carry
// `process` ("server" / "worker"), so the two sets join without adding up; the worker's absence is
// `ledgerlink_worker_metrics_up 0`, never a failed scrape.
import "server-only";
import { env } from "@/lib/env";
import { registerDatabaseGauges } from "@/lib/metrics/database-gauges";
import { client, registry } from "@/lib/metrics/registry";

type MetricsJson = Awaited<ReturnType<typeof registry.getMetricsAsJSON>>;

const WORKER_TIMEOUT_MS = 2000;

const workerUp = new client.Gauge({
  name: "ledgerlink_worker_metrics_up",
  help: "1 when the worker's metrics port (WORKER_METRICS_PORT) answered this scrape, 0 when it did not.",
  registers: [registry],
});

/** Where the server reads the worker on this machine: its port on loopback, unless it listens on one address only. */
function workerUrl(port: number): string {
  const host = ["0.0.0.0", "::", "127.0.0.1", "localhost"].includes(env.WORKER_METRICS_HOST)
    ? "127.0.0.1"
    : env.WORKER_METRICS_HOST;
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}/metrics`;
}

async function workerMetrics(port: number): Promise<MetricsJson | null> {
  try {
    const response = await fetch(workerUrl(port), {
      headers: {
        accept: "application/json",
        ...(env.METRICS_TOKEN ? { authorization: `Bearer ${env.METRICS_TOKEN}` } : {}),
      },
      signal: AbortSignal.timeout(WORKER_TIMEOUT_MS),
    });
    return response.ok ? ((await response.json()) as MetricsJson) : null;
  } catch {
    // Unreachable or too slow: its series are left out and ledgerlink_worker_metrics_up says 0.
    return null;
  }
}

/** Every metric summed by identical labels: with `process` apart, that is the union of both sets. */
const summed = (metrics: MetricsJson): MetricsJson => metrics.map((m) => ({ ...m, aggregator: "sum" }));

export async function scrape(): Promise<{ contentType: string; text: string }> {
  registerDatabaseGauges();
  const worker = env.WORKER_METRICS_PORT ? await workerMetrics(env.WORKER_METRICS_PORT) : null;
  if (env.WORKER_METRICS_PORT) workerUp.set(worker ? 1 : 0);
  const own = await registry.getMetricsAsJSON();
  if (!worker) return { contentType: registry.contentType, text: await registry.metrics() };
  const merged = client.AggregatorRegistry.aggregate([summed(own), summed(worker)]);
  return { contentType: registry.contentType, text: await merged.metrics() };
}
