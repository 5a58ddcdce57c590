// `npm run worker`: a sync worker process (scale out, or the app with SYNC_IN_APP=0); `npm start`'s
// launcher runs one too unless SYNC_IN_APP=0. Uses DATABASE_URL, or the embedded cluster under
// DATA_DIR (shared with a running `npm start`, else started here). With WORKER_METRICS_PORT it
// serves its metrics there (lib/metrics/worker-endpoint.ts); with OTEL_EXPORTER_OTLP_ENDPOINT it
// sends its traces there (scripts/tracing.ts). On SIGTERM/SIGINT it stops taking
// runs, lets the one in flight finish (pg-boss's graceful stop), closes its pools and exits.
// It signs what the app signs (a transactions.changed message's feed cursor, a webhook): in
// production with the operator's AUTH_SECRET, refusing to start without one, as `npm start` does; in
// demo mode with the one `npm start` keeps under DATA_DIR.
import { tracing } from "./tracing";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { prepareDatabase } from "./database";
import { runUntilSignal } from "@/lib/plumbing/run-until-signal";
import { keptSecret } from "./launch/demo-banks";
import { launchMode, productionSecretProblem } from "./launch/mode";

runUntilSignal(async () => {
  const dataDir = path.resolve(process.env.DATA_DIR ?? ".data");
  if (launchMode(process.env).production) {
    const problem = productionSecretProblem(process.env);
    if (problem) throw new Error(`The worker will not start.\n${problem}`);
  } else {
    mkdirSync(dataDir, { recursive: true });
    process.env.AUTH_SECRET ??= keptSecret(dataDir, "auth-secret");
  }
  const db = await prepareDatabase({ dataDir });
  process.env.DATABASE_URL = db.url;
  const { setProcessRole } = await import("@/lib/metrics/registry");
  setProcessRole("worker");
  const { env } = await import("@/lib/env");
  const { serveWorkerMetrics } = await import("@/lib/metrics/worker-endpoint");
  const { startWorker } = await import("@/lib/sync/worker");
  const { tolerateUnrecordedJobEnds } = await import("@/lib/sync/unrecorded-job-end");
  tolerateUnrecordedJobEnds();
  const { disconnect } = await import("@/lib/db/client");
  const metrics = env.WORKER_METRICS_PORT
    ? await serveWorkerMetrics({
        host: env.WORKER_METRICS_HOST,
        port: env.WORKER_METRICS_PORT,
        token: env.METRICS_TOKEN,
      })
    : null;
  const stop = await startWorker({ concurrency: env.SYNC_CONCURRENCY });
  console.log(`Sync worker running${metrics ? ` (metrics on port ${metrics.port})` : ""}. Ctrl-C to stop.`);
  process.send?.({ ready: true });
  return async () => {
    await stop();
    await metrics?.close();
    await disconnect();
    await db.stop();
    await tracing?.shutdown();
  };
});
