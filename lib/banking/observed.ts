// Every call to a bank integration, observed: counted by integration, operation, status and error
// kind, timed (lib/metrics/metrics.ts), and traced (a client span with the retry attempt it is). The registry (lib/banking/registry.ts) wraps each integration
// once, so the sync, the consent steps and the pickers are all seen the same way, in whichever
// process makes the call. Errors pass through unchanged; they are classified by discriminant.
import "server-only";
import { bankErrorOf } from "@/lib/banking/errors";
import type { BankIntegration } from "@/lib/banking/interface";
import { bankCallDuration, bankCalls } from "@/lib/metrics/metrics";
import { inSpan, retryAttempt, SpanKind } from "@/lib/tracing/spans";

/** What a failed call is counted as: the bank's HTTP status (or no_answer) and error kind; not a bank's error: internal. */
export function callOutcome(error: unknown): { status: string; errorKind: string } {
  const bank = bankErrorOf(error);
  if (!bank) return { status: "no_answer", errorKind: "internal" };
  return { status: bank.status === null ? "no_answer" : String(bank.status), errorKind: bank.code };
}

function observe<T>(integration: string, operation: string, call: () => Promise<T>): Promise<T> {
  const attributes = {
    "ledgerlink.bank.integration": integration,
    "ledgerlink.bank.operation": operation,
    "ledgerlink.bank.retry_attempt": retryAttempt(),
  };
  return inSpan(
    `bank ${operation}`,
    attributes,
    async (span) => {
      const started = performance.now();
      try {
        const result = await call();
        bankCalls.inc({ integration, operation, status: "ok", error_kind: "none" });
        span.setAttribute("ledgerlink.bank.status", "ok");
        return result;
      } catch (error) {
        const { status, errorKind } = callOutcome(error);
        bankCalls.inc({ integration, operation, status, error_kind: errorKind });
        span.setAttributes({ "ledgerlink.bank.status": status, "ledgerlink.bank.error_kind": errorKind });
        throw error;
      } finally {
        bankCallDuration.observe({ integration, operation }, (performance.now() - started) / 1000);
      }
    },
    SpanKind.CLIENT,
  );
}

const OBSERVED = Symbol("observed");

/** Own members and, for an integration built as a class (tests' fakes), its prototype's methods. */
function memberNames(object: object): string[] {
  const names = new Set<string>();
  for (let o: object | null = object; o && o !== Object.prototype; o = Object.getPrototypeOf(o) as object | null)
    for (const name of Object.getOwnPropertyNames(o)) if (name !== "constructor") names.add(name);
  return [...names];
}

/** The integration with each of its methods observed (once: wrapping a wrapped one returns it). */
export function observed(integration: BankIntegration): BankIntegration {
  if ((integration as { [OBSERVED]?: true })[OBSERVED]) return integration;
  const wrapped: Record<string | symbol, unknown> = { [OBSERVED]: true };
  const members = integration as unknown as Record<string, unknown>;
  for (const key of memberNames(integration)) {
    if (typeof members[key] !== "function") {
      Object.defineProperty(wrapped, key, { get: () => members[key], enumerable: true });
      continue;
    }
    // Looked up at call time, so a method replaced on the integration later (a test's spy) is the one called.
    wrapped[key] = (...args: unknown[]) =>
      observe(integration.name, key, () =>
        (members[key] as (...a: unknown[]) => Promise<unknown>).apply(integration, args),
      );
  }
  return wrapped as unknown as BankIntegration;
}
