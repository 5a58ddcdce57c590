// Nothing reaches the internet in tests. A developer's shell may hold real aggregator credentials
// (or URLs pointing at real APIs); the test processes and the app servers they start (which inherit
// this environment) must not see them, so the integrations run against their local fakes or not at all.
export const REAL_PROVIDER_ENV = [
  "ENABLE_BANKING_APP_ID",
  "ENABLE_BANKING_KEY_FILE",
  "ENABLE_BANKING_API_URL",
  "GOCARDLESS_SECRET_ID",
  "GOCARDLESS_SECRET_KEY",
  "GOCARDLESS_API_URL",
  "GLEIF_BASE_URL",
] as const;

/** Removes the real providers' settings from `environment` (the process's own by default). */
export function keepTestsOffline(environment: Record<string, string | undefined> = process.env): void {
  for (const name of REAL_PROVIDER_ENV) delete environment[name];
}
