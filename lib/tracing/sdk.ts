// Starts OpenTelemetry tracing for one process, only when an OTLP endpoint is configured
// (OTEL_EXPORTER_OTLP_ENDPOINT, or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT): spans are batched and sent
// over OTLP/HTTP (JSON); with neither set nothing is started and every span of ours is a no-op.
// The web server starts it from Next's instrumentation.ts, a worker from scripts/worker.ts (each
// process its own SDK). SQL is traced by the pg instrumentation, only inside a span of ours (a
// request, a sync run), so pg-boss's polling makes no traces; statements are recorded as written,
// with $n placeholders and without their values.
// Kept free of lib/env and "server-only": Next loads it from instrumentation.ts before the app.
import { hostname } from "node:os";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { registerInstrumentations } from "@opentelemetry/instrumentation";
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { ScrubbingExporter } from "./scrub";

export type Tracing = { flush: () => Promise<void>; shutdown: () => Promise<void> };

export function tracingEndpoint(environment: NodeJS.ProcessEnv = process.env): string | null {
  return environment.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || environment.OTEL_EXPORTER_OTLP_ENDPOINT || null;
}

/** Null when no endpoint is configured (nothing started). */
export function startTracing(role: "server" | "worker", environment: NodeJS.ProcessEnv = process.env): Tracing | null {
  if (!tracingEndpoint(environment)) return null;
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      "service.name": environment.OTEL_SERVICE_NAME || "ledgerlink",
      "service.instance.id": `${hostname()}:${process.pid}`,
      "ledgerlink.process": role,
    }),
    // The exporter reads its URL and headers from the OTEL_EXPORTER_OTLP_* variables itself.
    // Raw URLs (paths with tokens, queries with search terms) are dropped before export (lib/tracing/scrub.ts).
    spanProcessors: [new BatchSpanProcessor(new ScrubbingExporter(new OTLPTraceExporter()))],
  });
  // AsyncLocalStorage context and W3C trace context, as the API's globals.
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [new PgInstrumentation({ requireParentSpan: true })],
  });
  return { flush: () => provider.forceFlush(), shutdown: () => provider.shutdown() };
}
