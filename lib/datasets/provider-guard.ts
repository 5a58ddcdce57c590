// One guard around every call to a company-data provider: its circuit breaker, its request budget,
// a Retry-After it sent, and what happened (metrics, and the health the providers API reports). A
// call the guard does not make is skipped with words a person can act on; a call it makes is timed,
// counted and recorded, and its error rethrown for the lookup to report and fall back from.
// The state lives behind GuardStore: PostgreSQL in the app (provider-guard-store.ts), so the budget,
// a Retry-After and an open circuit hold on every instance alike; memory in unit tests.
import { env } from "@/lib/env";
import { providerErrorOf } from "@/lib/provider-errors";
import { DEFAULT_HOLD_OFF_SECONDS } from "@/lib/datasets/provider-limits";

/** What one call came to: the health's counters and the metric's `outcome` label. */
export type CallOutcome = "served" | "not_found" | "failed" | "rate_limited";
/** Why a call was not made (metrics only: no provider was asked). */
type SkipKind = "skipped_rate_limit" | "skipped_circuit";

export type CircuitState = { failures: number; openedAt: Date | null };
export type Circuit = "closed" | "open" | "half_open";

export type GuardStore = {
  circuit: (provider: string) => Promise<CircuitState>;
  /** Takes one call from the provider's budget: null when allowed, else the milliseconds until one is. */
  take: (provider: string) => Promise<number | null>;
  /** Spends the provider's budget for `seconds` (its Retry-After), on every instance. */
  holdOff: (provider: string, seconds: number) => Promise<void>;
  /** Counts the outcome in the health and moves the circuit: failures add up, anything else closes it. */
  record: (provider: string, outcome: CallOutcome, reason: string | null, at: Date) => Promise<void>;
};

export type GuardMetrics = (provider: string, outcome: CallOutcome | SkipKind, seconds: number | null) => void;

export type Guard = {
  store: GuardStore;
  metrics: GuardMetrics;
  breaker: { failures: number; cooldownSeconds: number };
  now: () => Date;
};

export type Guarded<T> = { status: "called"; value: T } | { status: "skipped"; reason: string };

export function breakerSettings() {
  return { failures: env.LOOKUP_BREAKER_FAILURES, cooldownSeconds: env.LOOKUP_BREAKER_COOLDOWN_SECONDS };
}

/** Closed, open (cooling down), or half-open: cooled down, so the next call tries the provider again. */
export function circuitOf(state: CircuitState, cooldownSeconds: number, now: Date): Circuit {
  if (!state.openedAt) return "closed";
  return now.getTime() - state.openedAt.getTime() < cooldownSeconds * 1000 ? "open" : "half_open";
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** The outcome of a call that threw, and the words the health keeps for it. */
function failureOf(error: unknown): { outcome: CallOutcome; reason: string; retryAfter: number | null } {
  const known = providerErrorOf(error);
  if (!known) return { outcome: "failed", reason: "unexpected provider error", retryAfter: null };
  const reason = `${known.code}: ${known.message}`;
  if (known.code === "not_found") return { outcome: "not_found", reason, retryAfter: null };
  if (known.code === "rate_limited")
    return { outcome: "rate_limited", reason, retryAfter: known.retryAfterSeconds ?? DEFAULT_HOLD_OFF_SECONDS };
  return { outcome: "failed", reason, retryAfter: null };
}

/**
 * Calls `call` for `provider` unless its circuit is open or its budget spent. `served` tells an
 * answer with data from one without (not found). Errors are recorded, then rethrown.
 */
export async function guarded<T>(
  guard: Guard,
  provider: string,
  call: () => Promise<T>,
  served: (value: T) => boolean,
): Promise<Guarded<T>> {
  const { store, metrics, breaker } = guard;
  const state = await store.circuit(provider);
  if (state.openedAt && circuitOf(state, breaker.cooldownSeconds, guard.now()) === "open") {
    const left = state.openedAt.getTime() + breaker.cooldownSeconds * 1000 - guard.now().getTime();
    metrics(provider, "skipped_circuit", null);
    return {
      status: "skipped",
      reason: `circuit open after ${state.failures} failures, next try in ${seconds(left)} s`,
    };
  }
  const wait = await store.take(provider);
  if (wait !== null) {
    metrics(provider, "skipped_rate_limit", null);
    return { status: "skipped", reason: `rate limit reached, next call allowed in ${seconds(wait)} s` };
  }
  const started = performance.now();
  const elapsed = () => (performance.now() - started) / 1000;
  try {
    const value = await call();
    const outcome = served(value) ? "served" : "not_found";
    metrics(provider, outcome, elapsed());
    await store.record(provider, outcome, null, guard.now());
    return { status: "called", value };
  } catch (error) {
    const failure = failureOf(error);
    metrics(provider, failure.outcome, elapsed());
    if (failure.retryAfter !== null) await store.holdOff(provider, failure.retryAfter);
    await store.record(provider, failure.outcome, failure.outcome === "not_found" ? null : failure.reason, guard.now());
    throw error;
  }
}
