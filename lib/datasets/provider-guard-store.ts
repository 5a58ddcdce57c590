// The provider guard's shared state in PostgreSQL: each provider's request budget (rate-limiter-
// flexible on the rate_limits table, as the API's own limits), its circuit (company_provider_circuits)
// and its outcomes per hour (company_provider_health), on the bookkeeping pool: outside the request's
// transaction, so a call is recorded even when the lookup around it fails. The circuit is read and
// written in the database, so every instance opens and closes it alike; two instances may each let
// one trial call through when it half-opens.
import "server-only";
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { postgresLimiter } from "@/lib/api/rate-limit";
import { bookkeepingPool } from "@/lib/db/client";
import { env } from "@/lib/env";
import { companyProviderCallDuration, companyProviderCalls } from "@/lib/metrics/metrics";
import { rateLimitOf } from "@/lib/datasets/provider-limits";
import { breakerSettings, type CallOutcome, type Guard, type GuardStore } from "@/lib/datasets/provider-guard";

const limiters = new Map<string, RateLimiterAbstract>();

function limiterOf(provider: string): RateLimiterAbstract {
  let limiter = limiters.get(provider);
  if (!limiter) {
    const { points, perSeconds } = rateLimitOf(provider);
    const name = `company-provider:${provider}`;
    limiter =
      env.RATE_LIMIT_STORE === "memory"
        ? new RateLimiterMemory({ keyPrefix: name, points, duration: perSeconds })
        : postgresLimiter(name, points, perSeconds);
    limiters.set(provider, limiter);
  }
  return limiter;
}

const COUNTER: Record<CallOutcome, string> = {
  served: "served",
  not_found: "not_found",
  failed: "failed",
  rate_limited: "rate_limited",
};

export const postgresGuardStore: GuardStore = {
  async circuit(provider) {
    const { rows } = await bookkeepingPool().query<{ failures: number; opened_at: Date | null }>(
      "SELECT consecutive_failures AS failures, opened_at FROM company_provider_circuits WHERE provider = $1",
      [provider],
    );
    return { failures: rows[0]?.failures ?? 0, openedAt: rows[0]?.opened_at ?? null };
  },
  async take(provider) {
    try {
      await limiterOf(provider).consume(provider);
      return null;
    } catch (error) {
      if (error instanceof RateLimiterRes) return error.msBeforeNext;
      throw error;
    }
  },
  async holdOff(provider, seconds) {
    await limiterOf(provider).block(provider, seconds);
  },
  async record(provider, outcome, reason, at) {
    const db = bookkeepingPool();
    const failed = outcome === "failed";
    // The column name comes from COUNTER (constants), never from input.
    const column = COUNTER[outcome];
    await db.query(
      `INSERT INTO company_provider_health (provider, hour, ${column}, last_failure_at, last_failure_reason)
       VALUES ($1, date_trunc('hour', $2::timestamptz), 1, $3, $4)
       ON CONFLICT (provider, hour) DO UPDATE SET ${column} = company_provider_health.${column} + 1,
         last_failure_at = COALESCE(EXCLUDED.last_failure_at, company_provider_health.last_failure_at),
         last_failure_reason = COALESCE(EXCLUDED.last_failure_reason, company_provider_health.last_failure_reason)`,
      [provider, at, reason === null ? null : at, reason],
    );
    if (failed) {
      // Past the threshold every failure (a half-open trial's too) opens it afresh for a full cool-down.
      await db.query(
        `INSERT INTO company_provider_circuits (provider, consecutive_failures, opened_at)
         VALUES ($1, 1, CASE WHEN $2::int <= 1 THEN $3::timestamptz END)
         ON CONFLICT (provider) DO UPDATE SET
           consecutive_failures = company_provider_circuits.consecutive_failures + 1,
           opened_at = CASE WHEN company_provider_circuits.consecutive_failures + 1 >= $2::int THEN $3::timestamptz END`,
        [provider, breakerSettings().failures, at],
      );
    } else {
      await db.query(
        `UPDATE company_provider_circuits SET consecutive_failures = 0, opened_at = NULL
          WHERE provider = $1 AND (consecutive_failures > 0 OR opened_at IS NOT NULL)`,
        [provider],
      );
    }
  },
};

/** Forgets a provider's budget and circuit: for tests that drive one provider into each state. */
export async function resetProviderGuard(provider: string): Promise<void> {
  await limiterOf(provider).delete(provider);
  await bookkeepingPool().query("DELETE FROM company_provider_circuits WHERE provider = $1", [provider]);
}

export function appGuard(): Guard {
  return {
    store: postgresGuardStore,
    metrics: (provider, outcome, seconds) => {
      companyProviderCalls.inc({ provider, outcome });
      if (seconds !== null) companyProviderCallDuration.observe({ provider, outcome }, seconds);
    },
    breaker: breakerSettings(),
    now: () => new Date(),
  };
}
