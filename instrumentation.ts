// Next's instrumentation hook: runs once when the web server starts, before any route. It starts
// the server's OpenTelemetry SDK when OTEL_EXPORTER_OTLP_ENDPOINT is set (lib/tracing/sdk.ts), so
// Next's own request spans, ours (API requests, bank calls: lib/tracing/spans.ts) and the SQL of
// the pg instrumentation go to the collector; otherwise it does nothing. Node runtime only.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startTracing } = await import("./lib/tracing/sdk");
  startTracing("server");
}
