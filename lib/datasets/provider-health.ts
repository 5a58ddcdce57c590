// What the providers API says about each company-data provider: whether it is configured, why it is
// off, its request budget, and its health over the last 24 hours as the provider guard recorded it in
// the database (the same on every instance).
import "server-only";
import { bookkeepingPool } from "@/lib/db/client";
import { breakerSettings, circuitOf, type Circuit } from "@/lib/datasets/provider-guard";
import { rateLimitOf, type RateLimit } from "@/lib/datasets/provider-limits";
import { providerCatalogue } from "@/lib/datasets/providers";
import type { CompanyDataProvider } from "@/lib/datasets/providers/types";

const WINDOW_HOURS = 24 as const;

export type ProviderHealth = {
  windowHours: typeof WINDOW_HOURS;
  served: number;
  notFound: number;
  failed: number;
  rateLimited: number;
  lastFailureAt: string | null;
  lastFailureReason: string | null;
  circuit: Circuit;
};

type HealthRow = {
  provider: string;
  served: number;
  not_found: number;
  failed: number;
  rate_limited: number;
  last_failure_at: Date | null;
  last_failure_reason: string | null;
  consecutive_failures: number | null;
  opened_at: Date | null;
};

async function healthRows(ids: string[], now: Date): Promise<Map<string, HealthRow>> {
  const { rows } = await bookkeepingPool().query<HealthRow>(
    `SELECT p.provider,
            COALESCE(SUM(h.served), 0)::int AS served, COALESCE(SUM(h.not_found), 0)::int AS not_found,
            COALESCE(SUM(h.failed), 0)::int AS failed, COALESCE(SUM(h.rate_limited), 0)::int AS rate_limited,
            MAX(h.last_failure_at) AS last_failure_at,
            (ARRAY_AGG(h.last_failure_reason ORDER BY h.last_failure_at DESC NULLS LAST))[1] AS last_failure_reason,
            c.consecutive_failures, c.opened_at
       FROM unnest($1::text[]) AS p(provider)
       LEFT JOIN company_provider_health h
              ON h.provider = p.provider AND h.hour > $2::timestamptz - make_interval(hours => $3)
       LEFT JOIN company_provider_circuits c ON c.provider = p.provider
      GROUP BY p.provider, c.consecutive_failures, c.opened_at`,
    [ids, now, WINDOW_HOURS],
  );
  return new Map(rows.map((r) => [r.provider, r]));
}

/** Set when configuration leaves a provider off; a provider off with no reason of its own is switched off. */
function offReasonOf(p: CompanyDataProvider): string | null {
  return p.isEnabled ? null : (p.disabledReason ?? "switched off by configuration");
}

export async function providersWithHealth(providers: CompanyDataProvider[], now = new Date()) {
  const rows = await healthRows(
    providers.map((p) => p.id),
    now,
  );
  const { cooldownSeconds } = breakerSettings();
  return providerCatalogue(providers).map((entry, i) => {
    const p = providers[i];
    const row = rows.get(p.id);
    const rateLimit: RateLimit = rateLimitOf(p.id);
    const health: ProviderHealth = {
      windowHours: WINDOW_HOURS,
      served: row?.served ?? 0,
      notFound: row?.not_found ?? 0,
      failed: row?.failed ?? 0,
      rateLimited: row?.rate_limited ?? 0,
      lastFailureAt: row?.last_failure_at?.toISOString() ?? null,
      lastFailureReason: row?.last_failure_reason ?? null,
      circuit: circuitOf(
        { failures: row?.consecutive_failures ?? 0, openedAt: row?.opened_at ?? null },
        cooldownSeconds,
        now,
      ),
    };
    // Configured: has what it needs (a key, a URL). Off with its own reason means something is missing.
    const configured = p.isEnabled || p.disabledReason === undefined;
    return { ...entry, configured, offReason: offReasonOf(p), rateLimit, health };
  });
}
