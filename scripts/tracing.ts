// Imported first by scripts/worker.ts, before anything loads `pg`, so the pg instrumentation sees
// every client: starts the worker's own OpenTelemetry SDK when an OTLP endpoint is configured
// (lib/tracing/sdk.ts; the web server starts its own from instrumentation.ts).
import { startTracing } from "@/lib/tracing/sdk";

export const tracing = startTracing("worker");
