import { describe, expect, it } from "vitest";
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-node";
import { ScrubbingExporter } from "@/lib/tracing/scrub";

describe("ScrubbingExporter", () => {
  it("exports spans without raw URLs, keeping the route template and the span's identity", async () => {
    const memory = new InMemorySpanExporter();
    const sent: { name: string; attributes: Record<string, unknown>; traceId: string }[] = [];
    const exporter = new ScrubbingExporter({
      export: (spans, done) => {
        for (const s of spans)
          sent.push({ name: s.name, attributes: { ...s.attributes }, traceId: s.spanContext().traceId });
        memory.export(spans, done);
      },
      shutdown: () => memory.shutdown(),
    });
    const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    const span = provider.getTracer("test").startSpan("GET /choose-bank/[token]", {
      attributes: {
        "http.target": "/choose-bank/secret-token?x=1",
        "http.url": "http://localhost/choose-bank/secret-token",
        "http.route": "/choose-bank/[token]",
        "http.method": "GET",
      },
    });
    span.end();
    await provider.forceFlush();
    expect(sent).toEqual([
      {
        name: "GET /choose-bank/[token]",
        attributes: { "http.route": "/choose-bank/[token]", "http.method": "GET" },
        traceId: span.spanContext().traceId,
      },
    ]);
    expect(span.isRecording()).toBe(false);
    await provider.shutdown();
  });
});
