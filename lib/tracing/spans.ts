// Our spans, through the OpenTelemetry API only (a no-op until lib/tracing/sdk.ts started an SDK in
// this process). Attributes carry kinds, counts, statuses and internal ids — never personal data or
// secrets (IBANs, names, tokens, URLs with their query). A failed span records the error's kind
// (`kind`/`code` discriminant, or its name), not its message, which may quote a bank's words.
import {
  context,
  createContextKey,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
} from "@opentelemetry/api";
import type { Attributes, Span } from "@opentelemetry/api";

export { SpanKind };

const tracer = () => trace.getTracer("ledgerlink");

function errorType(error: unknown): string {
  const e = error as { kind?: unknown; code?: unknown; name?: unknown } | null;
  const parts = [e?.kind, e?.code].filter((p): p is string => typeof p === "string");
  if (parts.length > 0) return parts.join(":");
  return typeof e?.name === "string" ? e.name : "Error";
}

/** Runs `work` in a new active span, ended when it settles; a throw marks it failed with the error's kind. */
export function inSpan<T>(
  name: string,
  attributes: Attributes,
  work: (span: Span) => Promise<T>,
  kind: SpanKind = SpanKind.INTERNAL,
): Promise<T> {
  return tracer().startActiveSpan(name, { attributes, kind }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.setAttribute("error.type", errorType(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Sets attributes on the active span, if any. */
export function annotate(attributes: Attributes): void {
  trace.getActiveSpan()?.setAttributes(attributes);
}

const RETRY_ATTEMPT = createContextKey("ledgerlink.bank.retry_attempt");

/** Runs `work` marked as the n-th retry of a bank call (0: the first try), for the bank call's span. */
export function withRetryAttempt<T>(attempt: number, work: () => T): T {
  return context.with(context.active().setValue(RETRY_ATTEMPT, attempt), work);
}

export function retryAttempt(): number {
  const value = context.active().getValue(RETRY_ATTEMPT);
  return typeof value === "number" ? value : 0;
}

/** The active trace as W3C `traceparent`, for work continued elsewhere (a queued job); empty when none. */
export function traceCarrier(): { traceparent?: string } {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ? { traceparent: carrier.traceparent } : {};
}

/** Runs `work` inside the trace a carrier named (a job's enqueuer), or as it is without one. */
export function withTraceParent<T>(traceparent: string | undefined, work: () => T): T {
  if (!traceparent) return work();
  return context.with(propagation.extract(ROOT_CONTEXT, { traceparent }), work);
}
