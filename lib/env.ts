// The one place that reads process.env. Everything else imports `env`.
import "server-only";
import { z } from "zod";

const boolish = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .optional()
  .transform((v) => v === "1" || v === "true" || v === "yes");

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().min(1).optional(),
  // A read replica for the heavy read-only queries (lib/db/client.ts readPool); unset: the primary.
  DATABASE_REPLICA_URL: z.string().min(1).optional(),
  // Set when DATABASE_URL is a transaction pooler (PgBouncer's transaction mode): the direct server
  // for what needs a session of its own (LISTEN, migrations, the repair pass's lock), and the sign
  // that DATABASE_URL may hand each transaction another server connection (no named statements).
  DATABASE_DIRECT_URL: z.string().min(1).optional(),
  // Where the embedded PostgreSQL cluster, its credentials and the generated AUTH_SECRET live.
  DATA_DIR: z.string().default(".data"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  // The address the web server listens on (scripts/serve.ts): an interface's address or a name that
  // resolves to one (127.0.0.1 keeps it to this machine, behind a local proxy). Unset: every interface.
  HOST: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .optional(),
  // Auth.js signing/encryption secret. `npm start` generates one under DATA_DIR when unset.
  AUTH_SECRET: z.string().min(32).optional(),
  // Requests per principal (or client IP when anonymous) per window.
  RATE_LIMIT_POINTS: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  // Stricter budget for password checks (token endpoint, sign-in, sign-up) per client IP + email.
  AUTH_RATE_LIMIT_POINTS: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_STORE: z.enum(["postgres", "memory"]).default("postgres"),
  // The default limit is counted per instance and sent to PostgreSQL in batches of at most this many
  // points (and never more than a tenth of the limit), at the latest after RATE_LIMIT_FLUSH_MS; 0:
  // every request writes its point. Instances share one budget within (instances - 1) × batch
  // requests per window (lib/api/batched-limit.ts, docs/api-decisions.md).
  RATE_LIMIT_BATCH: z.coerce.number().int().min(0).max(1000).default(20),
  RATE_LIMIT_FLUSH_MS: z.coerce.number().int().min(10).max(60_000).default(200),
  // How long a process may answer from what it last read about a bearer token or a person's
  // memberships (lib/auth/principal-cache.ts); changes reach it sooner, by notification. 0: read the
  // database on every request.
  AUTH_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
  // Comma-separated proxy addresses whose X-Forwarded-For is trusted.
  TRUSTED_PROXIES: z.string().default(""),
  // Largest request body read, in bytes (413 payload_too_large above it, before anything is parsed).
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(1024 * 1024),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  // Test-only: the name of a crash point (lib/crash-points.ts) where this process dies at once, as if
  // killed. The crash suite sets it to show that every multi-step operation is finished after a crash.
  CRASH_AT: z
    .string()
    .regex(/^[a-z]+(\.[a-z-]+)+$/)
    .optional(),
  LOG_REQUESTS: boolish,
  // Parse every API answer against its route's declared schemas (lib/api/response-check.ts).
  // Unset: on, except under NODE_ENV=production.
  RESPONSE_CHECK: z.enum(["1", "0"]).optional(),
  // Sync engine: the worker runs inside the app unless SYNC_IN_APP=0 (then `npm run worker`).
  SYNC_IN_APP: z
    .enum(["1", "0", "true", "false"])
    .default("1")
    .transform((v) => v === "1" || v === "true"),
  SYNC_SCHEDULER: z
    .enum(["1", "0", "true", "false"])
    .default("1")
    .transform((v) => v === "1" || v === "true"),
  SYNC_STALE_SECONDS: z.coerce.number().int().min(2).default(60),
  // Runs one worker process (scripts/worker.ts) carries at once.
  SYNC_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(2),
  // Fewer of those at work while the database is contended, so pages are read first (lib/sync/admission.ts).
  SYNC_ADAPTIVE: z
    .enum(["1", "0", "true", "false"])
    .default("1")
    .transform((v) => v === "1" || v === "true"),
  // The repair tick (lib/accounttracking/consents/repair.ts): an accepted callback or a revoke younger than
  // REPAIR_GRACE_SECONDS is still its own request's to finish; a send to the bank (initiate-redirect)
  // older than CONSENT_SEND_STALE_SECONDS belongs to a call that died.
  REPAIR_GRACE_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  CONSENT_SEND_STALE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  SYNC_SWEEP_SECONDS: z.coerce.number().int().min(1).default(15),
  // Due accounts the scheduler claims per transaction (lib/sync/scheduler.ts).
  SYNC_SCHEDULE_BATCH: z.coerce.number().int().min(1).max(5000).default(200),
  // Runs at one bank at once across every worker process: a bank limits the TPP, not each account.
  SYNC_BANK_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(8),
  SYNC_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(4),
  SYNC_RETRY_BASE_MS: z.coerce.number().int().min(1).default(1000),
  // A re-queued attempt waits max(Retry-After, this × 2^(attempt−1)), capped at 5 minutes.
  // Finished sync runs kept per account (older ones are purged hourly; runs that paired re-issued ids stay).
  SYNC_RUNS_KEPT: z.coerce.number().int().min(1).max(10_000).default(50),
  SYNC_BACKOFF_SECONDS: z.coerce.number().int().min(1).max(300).default(5),
  // Days the audit trail keeps a row (lib/audit/retention.ts; the hourly retention job purges older ones).
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(400),
  // Days the change feed keeps the removals of rows deleted outright (lib/changes/retention.ts); an
  // older cursor gets 410 cursor_expired once the removals after it were purged.
  CHANGE_FEED_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  // Hosts (comma-separated) webhooks may reach although they are private or loopback (tests, a local
  // receiver in the demo). Every other host must resolve to public addresses only (lib/webhooks/ssrf.ts).
  WEBHOOK_ALLOWED_HOSTS: z.string().default(""),
  SYNC_PAGE_SIZE: z.coerce.number().int().min(10).max(1000).default(1000),
  // With a replica: how long an account's page read waits for it to replay that account's last
  // write before reading the primary instead (lib/accounttracking/accounts/read-after-writes.ts).
  REPLICA_WAIT_MS: z.coerce.number().int().min(0).max(30_000).default(1000),
  // First sync asks for this much history (banks return what they have; the sandbox keeps up to ~3 years).
  SYNC_HISTORY_DAYS: z.coerce.number().int().min(1).max(3650).default(1200),
  // Public origin of this app: bank redirects come back here.
  APP_URL: z.url().optional(),
  // The start's mode (scripts/launch/mode.ts), passed on by `npm start`. Unset: production under
  // NODE_ENV=production, else demo. Production keeps no dev mailbox and defaults SIGNUP to invite.
  LAUNCH_MODE: z.enum(["demo", "production"]).optional(),
  // Who may create an account: open (anyone, POST /api/auth/v1/sign-up), invite (only with an admin's
  // invitation) or closed (nobody; admins come from setup links). Unset: invite in production, open in
  // the demo. In production nobody signs up before the first admin exists (lib/identity/sign-up-policy.ts).
  SIGNUP: z.enum(["open", "invite", "closed"]).optional(),
  // Outgoing mail (password-reset links, invitations): smtp://user:pass@host:587 or smtps://…:465.
  // Unset: the link is printed to the console, and outside production kept in the dev mailbox
  // (/dev/mailbox).
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, "an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Ledgerlink <no-reply@ledgerlink.invalid>"),
  // Origins (comma-separated) an API caller may name as `returnTo` after the bank; our own is always allowed.
  RETURN_URL_ALLOWLIST: z.string().default(""),
  // The sandbox bank (a simulated NextGenPSD2 ASPSP, `npm run banks`): the "sandbox" integration
  // reads its directory at SANDBOX_BANK_URL. Unset: on, except under NODE_ENV=production, where only
  // an explicit 1 turns it on (`npm start`'s demo sets it).
  SANDBOX_BANK_ENABLED: z
    .enum(["1", "0", "true", "false", "yes", "no", ""])
    .optional()
    .transform((v) => (v === undefined || v === "" ? undefined : v === "1" || v === "true" || v === "yes")),
  // Where the banks process serves (its public origin). Unset: http://127.0.0.1:<PORT + 1>.
  SANDBOX_BANK_URL: z.url().optional(),
  // Enable Banking (lib/banking/enablebanking): on when the application id and its private key (PEM
  // file) are set. The environment is the one the application was registered in at Enable Banking;
  // the API URL is its real one unless set (the demo points it at the banks' local fake).
  ENABLE_BANKING_APP_ID: z.string().trim().min(1).optional(),
  ENABLE_BANKING_KEY_FILE: z.string().trim().min(1).optional(),
  ENABLE_BANKING_ENVIRONMENT: z.enum(["sandbox", "production"]).default("sandbox"),
  ENABLE_BANKING_API_URL: z.url().optional(),
  // GoCardless Bank Account Data (lib/banking/gocardless): on when both user secrets are set (for
  // those who still hold them; GoCardless takes no new sign-ups). The API URL is its real one unless
  // set (the demo points it at the banks' local fake).
  GOCARDLESS_SECRET_ID: z.string().trim().min(1).optional(),
  GOCARDLESS_SECRET_KEY: z.string().trim().min(1).optional(),
  GOCARDLESS_API_URL: z.url().optional(),
  // Company lookup providers (lib/datasets/providers). GLEIF is on unless NODE_ENV=test or set to 0.
  GLEIF_ENABLED: z.enum(["1", "0", "true", "false", "yes", "no"]).optional(),
  GLEIF_BASE_URL: z.url().default("https://api.gleif.org/api/v1"),
  // Companies House (the UK register): on when a key is set (HTTP Basic, from its developer hub). The
  // base URL is the real API unless set; under NODE_ENV=test it must be set (nothing reaches the internet).
  COMPANIES_HOUSE_BASE_URL: z.url().optional(),
  COMPANIES_HOUSE_API_KEY: z.string().trim().min(1).optional(),
  LOOKUP_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  // How long a kept answer stays fresh enough, per subset (lib/datasets/freshness.ts), as
  // `subset=duration` pairs, durations in s, m, h or d: "information=1d,financials=7d". Unnamed subsets
  // keep their defaults (information, officers, shareholders and rating 1 day; financials 7 days).
  LOOKUP_FRESHNESS: z
    .string()
    .trim()
    .regex(/^([a-z_]+=\d+[smhd])?(,[a-z_]+=\d+[smhd])*$/, "subset=duration pairs, like information=1d,financials=7d")
    .default(""),
  // The circuit breaker around each provider (lib/datasets/provider-guard.ts): it opens after this
  // many consecutive failures and lets one call through again after the cool-down.
  LOOKUP_BREAKER_FAILURES: z.coerce.number().int().min(1).max(100).default(5),
  LOOKUP_BREAKER_COOLDOWN_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // France's company search and Norway's Brønnøysund registers (no key): their real URLs unless set
  // (the demo points them at the banks' fakes); under NODE_ENV=test off unless set.
  FR_RECHERCHE_ENTREPRISES_BASE_URL: z.url().optional(),
  BRREG_BASE_URL: z.url().optional(),
  // The sandbox company registry's API (served by the banks process, on whenever the sandbox bank
  // is). Unset: <SANDBOX_BANK_URL>/sandbox-registry.
  SANDBOX_REGISTRY_URL: z.url().optional(),
  // GET /api/metrics (and a worker's own metrics port) answer a Bearer of this token; unset: only
  // direct connections from this machine (lib/metrics/access.ts).
  METRICS_TOKEN: z.string().min(16).optional(),
  // A worker serves its metrics on this port (127.0.0.1 unless WORKER_METRICS_HOST says otherwise);
  // the server's /api/metrics carries the metrics of the worker on this machine's port too.
  // `npm start` picks a free port for the worker it runs when this is unset.
  WORKER_METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  WORKER_METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  // Traces go over OTLP/HTTP here when set (lib/tracing/sdk.ts and OpenTelemetry's exporter read it
  // and the other OTEL_* variables themselves; validated here so a typo stops the start).
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
});

// The sandbox bank's default depends on NODE_ENV (and sign-up's on the mode), so they are settled once
// the whole object is read.
const settled = schema.transform((e) => ({
  ...e,
  SANDBOX_BANK_ENABLED: e.SANDBOX_BANK_ENABLED ?? e.NODE_ENV !== "production",
  RESPONSE_CHECK: e.RESPONSE_CHECK === undefined ? e.NODE_ENV !== "production" : e.RESPONSE_CHECK === "1",
  ...launchSettings(e.LAUNCH_MODE ?? (e.NODE_ENV === "production" ? "production" : "demo"), e.SIGNUP),
}));

function launchSettings(mode: "demo" | "production", signup: "open" | "invite" | "closed" | undefined) {
  return { LAUNCH_MODE: mode, SIGNUP: signup ?? (mode === "production" ? "invite" : "open") } as const;
}

type Env = z.infer<typeof settled>;

function load(): Env {
  const parsed = settled.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

export const env: Env = load();

// Settings a process may set after this module loaded, read when asked (and validated by the same
// schema): a worker names the cluster it started in DATABASE_URL, and tests point DATABASE_URL,
// DATABASE_REPLICA_URL, AUTH_SECRET, SANDBOX_REGISTRY_URL and the registers' base URLs at what they start.
const LIVE = schema.pick({
  DATABASE_URL: true,
  DATABASE_REPLICA_URL: true,
  DATABASE_DIRECT_URL: true,
  AUTH_SECRET: true,
  SANDBOX_REGISTRY_URL: true,
  FR_RECHERCHE_ENTREPRISES_BASE_URL: true,
  BRREG_BASE_URL: true,
});

function live<K extends keyof z.infer<typeof LIVE>>(name: K): z.infer<typeof LIVE>[K] {
  const parsed = LIVE.shape[name].safeParse(process.env[name]);
  if (!parsed.success)
    throw new Error(`Invalid environment configuration:\n  ${name}: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

export function requireDatabaseUrl(): string {
  const url = live("DATABASE_URL");
  if (!url) throw new Error("DATABASE_URL is not set (npm start sets it to the embedded PostgreSQL)");
  return url;
}

/**
 * Where a session of our own goes (LISTEN, migrations, a lock held across transactions): the direct
 * server when DATABASE_URL is a transaction pooler (DATABASE_DIRECT_URL), else DATABASE_URL itself.
 */
export function sessionDatabaseUrl(): string {
  return live("DATABASE_DIRECT_URL") ?? requireDatabaseUrl();
}

/** Whether DATABASE_URL is a transaction pooler (DATABASE_DIRECT_URL is set): no state outlives a transaction there. */
export function behindTransactionPooler(): boolean {
  return live("DATABASE_DIRECT_URL") !== undefined;
}

/** The read replica's URL (lib/db/client.ts readPool), or undefined: the primary serves the reads. */
export function databaseReplicaUrl(): string | undefined {
  return live("DATABASE_REPLICA_URL");
}

/** The secret that signs sessions, cursors and links (sessions: lib/auth/session.ts). */
export function authSecret(): string {
  const secret = live("AUTH_SECRET");
  if (!secret) throw new Error("AUTH_SECRET is not set (npm start generates one under DATA_DIR)");
  return secret;
}

export function trustedProxies(): string[] {
  return env.TRUSTED_PROXIES.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** GLEIF is called only when enabled: on by default, off under NODE_ENV=test so tests never reach the internet. */
export function gleifEnabled(): boolean {
  if (env.GLEIF_ENABLED === undefined) return env.NODE_ENV !== "test";
  return ["1", "true", "yes"].includes(env.GLEIF_ENABLED);
}

/** A real register's base URL: the one set, else its public one — except under NODE_ENV=test (null: off). */
function registerUrl(name: "FR_RECHERCHE_ENTREPRISES_BASE_URL" | "BRREG_BASE_URL", real: string): string | null {
  const url = live(name) ?? (env.NODE_ENV === "test" ? null : real);
  return url ? url.replace(/\/+$/, "") : null;
}

/** recherche-entreprises (France), or null when it is off. */
export const franceRegisterUrl = () =>
  registerUrl("FR_RECHERCHE_ENTREPRISES_BASE_URL", "https://recherche-entreprises.api.gouv.fr");

/** Brønnøysund's open data (Enhetsregisteret and Regnskapsregisteret below it), or null when it is off. */
export const brregUrl = () => registerUrl("BRREG_BASE_URL", "https://data.brreg.no");

/** Companies House's API root, or null when tests left it unset (the real one is never called from a test). */
export function companiesHouseBaseUrl(): string | null {
  if (env.COMPANIES_HOUSE_BASE_URL) return env.COMPANIES_HOUSE_BASE_URL.replace(/\/$/, "");
  return env.NODE_ENV === "test" ? null : "https://api.company-information.service.gov.uk";
}

/** Where this app is reachable (bank callbacks). */
export function appUrl(): string {
  return (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
}

export function returnUrlAllowlist(): string[] {
  return [
    appUrl(),
    ...env.RETURN_URL_ALLOWLIST.split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  ].map((o) => new URL(o).origin);
}

/** Where the sandbox bank (the banks process, `npm run banks`) is reachable. */
export function sandboxBankUrl(): string {
  return (env.SANDBOX_BANK_URL ?? `http://127.0.0.1:${env.PORT + 1}`).replace(/\/$/, "");
}

/** Where the sandbox company registry's API is: in the banks process unless set otherwise. */
export function sandboxRegistryUrl(): string {
  return (live("SANDBOX_REGISTRY_URL") ?? `${sandboxBankUrl()}/sandbox-registry`).replace(/\/$/, "");
}

type EnableBankingConfig = {
  appId: string;
  keyFile: string;
  apiUrl: string;
  environment: "sandbox" | "production";
};

/** An aggregator's two credentials: both set → them; one alone → a configuration error; neither → null. */
export function credentialPair(what: string, credentials: Record<string, string | undefined>): [string, string] | null {
  const [a, b] = Object.values(credentials);
  if (a && b) return [a, b];
  if (a || b) throw new Error(`${what} needs both ${Object.keys(credentials).join(" and ")} (or neither)`);
  return null;
}

/** Enable Banking's settings, or null when it is not configured (the integration is then absent). */
export function enableBankingConfig(): EnableBankingConfig | null {
  const { ENABLE_BANKING_APP_ID, ENABLE_BANKING_KEY_FILE, ENABLE_BANKING_API_URL: apiUrl } = env;
  const pair = credentialPair("Enable Banking", { ENABLE_BANKING_APP_ID, ENABLE_BANKING_KEY_FILE });
  if (pair === null) return null;
  const [appId, keyFile] = pair;
  const environment = env.ENABLE_BANKING_ENVIRONMENT;
  return { appId, keyFile, apiUrl: apiUrl ?? "https://api.enablebanking.com", environment };
}

export type GoCardlessConfig = { secretId: string; secretKey: string; apiUrl: string };

/** GoCardless's settings, or null when it is not configured (the integration is then absent). */
export function goCardlessConfig(): GoCardlessConfig | null {
  const { GOCARDLESS_SECRET_ID, GOCARDLESS_SECRET_KEY, GOCARDLESS_API_URL: apiUrl } = env;
  const pair = credentialPair("GoCardless", { GOCARDLESS_SECRET_ID, GOCARDLESS_SECRET_KEY });
  if (pair === null) return null;
  const [secretId, secretKey] = pair;
  return { secretId, secretKey, apiUrl: apiUrl ?? "https://bankaccountdata.gocardless.com" };
}
