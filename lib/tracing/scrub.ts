// What leaves the process: spans whose attributes could carry a raw URL lose them before export.
// Next's request spans record `http.target` (path and query: a bank-picker token in a path, a
// search term in a query); the route template (`http.route`, `next.route`) says the same without
// them. Our own spans never set these; this guards the spans libraries make.
import type { ReadableSpan, SpanExporter } from "@opentelemetry/sdk-trace-node";

type Done = Parameters<SpanExporter["export"]>[1];

export const RAW_URL_ATTRIBUTES = ["http.target", "http.url", "url.full", "url.path", "url.query", "http.client_ip"];

/** The span as exported, without raw-URL attributes (the span itself is left as it ended). */
export function scrubbed(span: ReadableSpan): ReadableSpan {
  if (!RAW_URL_ATTRIBUTES.some((key) => key in span.attributes)) return span;
  const attributes = { ...span.attributes };
  for (const key of RAW_URL_ATTRIBUTES) delete attributes[key];
  // The span's own methods (spanContext()) stay reachable through the prototype.
  return Object.create(span, { attributes: { value: attributes, enumerable: true } }) as ReadableSpan;
}

export class ScrubbingExporter implements SpanExporter {
  constructor(private readonly inner: SpanExporter) {}

  export(spans: ReadableSpan[], done: Done): void {
    this.inner.export(spans.map(scrubbed), done);
  }

  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }
}
