// Each company-data provider's request budget, shared by every instance (provider-guard.ts counts it
// in PostgreSQL). GLEIF publishes 60 requests a minute, Companies House 600 per 5 minutes and
// recherche-entreprises 7 a second. Brønnøysund publishes no figure for its open data: 10 a second
// keeps us a polite client. The sandbox registry is ours; its budget only stops a runaway loop.
export type RateLimit = { points: number; perSeconds: number };

const LIMITS: Readonly<Record<string, RateLimit>> = {
  gleif: { points: 60, perSeconds: 60 },
  uk_companies_house: { points: 600, perSeconds: 300 },
  fr_recherche_entreprises: { points: 7, perSeconds: 1 },
  no_brreg: { points: 10, perSeconds: 1 },
  sandbox_registry: { points: 100, perSeconds: 1 },
};

/** A provider added later without a budget here gets a cautious one: a call a second. */
export function rateLimitOf(providerId: string): RateLimit {
  return LIMITS[providerId] ?? { points: 1, perSeconds: 1 };
}

/** Seconds to leave a provider alone after a 429 that did not say how long (no Retry-After). */
export const DEFAULT_HOLD_OFF_SECONDS = 60;
