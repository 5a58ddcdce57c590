// What Ledgerlink counts. Labels are bounded sets: route templates (never raw paths or ids),
// integration names, outcomes, error kinds. Nothing personal, no ids.
import "server-only";
import { principalCacheListening } from "@/lib/auth/principal-listener";
import { poolStats } from "@/lib/db/client";
import { client, registry } from "@/lib/metrics/registry";

const registers = [registry];

/** A counter on this process's registry; its labels are bounded sets. */
function counter<L extends string>(name: string, help: string, labelNames: readonly L[] = []) {
  return new client.Counter<L>({ name, help, labelNames, registers });
}

/** A histogram on this process's registry, in seconds. */
function histogram<L extends string>(name: string, help: string, labelNames: readonly L[], buckets: number[]) {
  return new client.Histogram<L>({ name, help, labelNames, buckets, registers });
}

export const httpRequests = counter(
  "ledgerlink_http_requests_total",
  "API requests answered, by method, route template and status.",
  ["method", "route", "status"],
);

export const httpDuration = histogram(
  "ledgerlink_http_request_duration_seconds",
  "Time to answer an API request, by method, route template and status.",
  ["method", "route", "status"],
  [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
);

export const credentialChecks = counter(
  "ledgerlink_credential_checks_total",
  "API requests' credentials checked, by where: kept (this process's principal cache) or read (the database).",
  ["source"],
);

export const principalCacheOn = new client.Gauge({
  name: "ledgerlink_principal_cache_listening",
  help: "1 while this process's principal cache is on (its connection listening for changes); 0 when it is off, not used yet, or in a process that serves no API (a worker).",
  registers,
  collect() {
    this.set(principalCacheListening() ? 1 : 0);
  },
});

export const syncRuns = counter(
  "ledgerlink_sync_runs_total",
  "Sync run attempts by integration and outcome (succeeded, failed, retried, deferred, lost).",
  ["integration", "outcome"],
);

export const syncRunDuration = histogram(
  "ledgerlink_sync_run_duration_seconds",
  "Duration of a sync run attempt, by integration and outcome.",
  ["integration", "outcome"],
  [0.1, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 900],
);

export const syncSlotsAdmitted = new client.Gauge({
  name: "ledgerlink_sync_slots_admitted",
  help: "Run slots this worker process lets work now: SYNC_CONCURRENCY, fewer while the database is contended (lib/sync/admission.ts).",
  registers,
});

export const syncRows = counter(
  "ledgerlink_sync_rows_total",
  "Transactions written by syncs, by integration and change (added, updated).",
  ["integration", "change"],
);

export const syncPages = counter("ledgerlink_sync_pages_total", "Transaction pages written by syncs, by integration.", [
  "integration",
]);

export const bankCalls = counter(
  "ledgerlink_bank_calls_total",
  "Calls to a bank integration by operation, status (ok, the bank's HTTP status, or no_answer) and error kind.",
  ["integration", "operation", "status", "error_kind"],
);

export const bankCallDuration = histogram(
  "ledgerlink_bank_call_duration_seconds",
  "Duration of a call to a bank integration, by operation.",
  ["integration", "operation"],
  [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30],
);

export const companyProviderCalls = counter(
  "ledgerlink_company_provider_calls_total",
  "Calls to a company-data provider by outcome (served, not_found, failed, rate_limited), and calls not made (skipped_rate_limit, skipped_circuit).",
  ["provider", "outcome"],
);

export const companyProviderCallDuration = histogram(
  "ledgerlink_company_provider_call_duration_seconds",
  "Duration of a call to a company-data provider, by outcome.",
  ["provider", "outcome"],
  [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
);

export const psd2Accesses = counter(
  "ledgerlink_psd2_unattended_accesses_total",
  "Unattended bank accesses reserved under PSD2's 4 a day per consent and account.",
);

export const psd2Refusals = counter(
  "ledgerlink_psd2_unattended_refusals_total",
  "Unattended accesses not made because the day's 4 were used.",
);

export const poolConnections = new client.Gauge({
  name: "ledgerlink_db_pool_connections",
  help: "Connections of this process's database pools: in_use, idle, and waiting (requests queued for one).",
  labelNames: ["pool", "state"] as const,
  registers,
  collect() {
    this.reset();
    for (const p of poolStats()) {
      this.set({ pool: p.pool, state: "in_use" }, p.total - p.idle);
      this.set({ pool: p.pool, state: "idle" }, p.idle);
      this.set({ pool: p.pool, state: "waiting" }, p.waiting);
    }
  },
});

export const webhookAttempts = counter(
  "ledgerlink_webhook_delivery_attempts_total",
  "Webhook delivery attempts by outcome (delivered, retrying, gave_up) and the receiver's answer by HTTP class (2xx … 5xx, or none: refused before sending, unreachable, timed out).",
  ["outcome", "status_class"],
);

export const webhookLag = histogram(
  "ledgerlink_webhook_delivery_lag_seconds",
  "Time from a webhook event's creation to its delivery (the receiver's 2xx), retries included.",
  [],
  [0.5, 1, 2, 5, 10, 30, 60, 300, 1800, 7200, 21_600, 86_400],
);

export const webhookEndpointsDisabled = counter(
  "ledgerlink_webhook_endpoints_disabled_total",
  "Webhook endpoints disabled because their messages kept failing.",
);
