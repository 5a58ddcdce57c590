// What Ledgerlink counts. Labels are bounded sets: route templates (never raw paths or ids),
// integration names, outcomes, error kinds. Nothing personal, no ids.
import "server-only";
import { principalCacheListening } from "@/lib/auth/principal-listener";
import { poolStats } from "@/lib/db/client";
import { client, registry } from "@/lib/metrics/registry";

const registers = [registry];

export const httpRequests = new client.Counter({
  name: "ledgerlink_http_requests_total",
  help: "API requests answered, by method, route template and status.",
  labelNames: ["method", "route", "status"] as const,
  registers,
});

export const httpDuration = new client.Histogram({
  name: "ledgerlink_http_request_duration_seconds",
  help: "Time to answer an API request, by method, route template and status.",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const credentialChecks = new client.Counter({
  name: "ledgerlink_credential_checks_total",
  help: "API requests' credentials checked, by where: kept (this process's principal cache) or read (the database).",
  labelNames: ["source"] as const,
  registers,
});

export const principalCacheOn = new client.Gauge({
  name: "ledgerlink_principal_cache_listening",
  help: "1 while this process's principal cache is on (its connection listening for changes); 0 when it is off, not used yet, or in a process that serves no API (a worker).",
  registers,
  collect() {
    this.set(principalCacheListening() ? 1 : 0);
  },
});

export const syncRuns = new client.Counter({
  name: "ledgerlink_sync_runs_total",
  help: "Sync run attempts by integration and outcome (succeeded, failed, retried, deferred, lost).",
  labelNames: ["integration", "outcome"] as const,
  registers,
});

export const syncRunDuration = new client.Histogram({
  name: "ledgerlink_sync_run_duration_seconds",
  help: "Duration of a sync run attempt, by integration and outcome.",
  labelNames: ["integration", "outcome"] as const,
  buckets: [0.1, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 900],
  registers,
});

export const syncRows = new client.Counter({
  name: "ledgerlink_sync_rows_total",
  help: "Transactions written by syncs, by integration and change (added, updated).",
  labelNames: ["integration", "change"] as const,
  registers,
});

export const syncPages = new client.Counter({
  name: "ledgerlink_sync_pages_total",
  help: "Transaction pages written by syncs, by integration.",
  labelNames: ["integration"] as const,
  registers,
});

export const bankCalls = new client.Counter({
  name: "ledgerlink_bank_calls_total",
  help: "Calls to a bank integration by operation, status (ok, the bank's HTTP status, or no_answer) and error kind.",
  labelNames: ["integration", "operation", "status", "error_kind"] as const,
  registers,
});

export const bankCallDuration = new client.Histogram({
  name: "ledgerlink_bank_call_duration_seconds",
  help: "Duration of a call to a bank integration, by operation.",
  labelNames: ["integration", "operation"] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30],
  registers,
});

export const psd2Accesses = new client.Counter({
  name: "ledgerlink_psd2_unattended_accesses_total",
  help: "Unattended bank accesses reserved under PSD2's 4 a day per consent and account.",
  registers,
});

export const psd2Refusals = new client.Counter({
  name: "ledgerlink_psd2_unattended_refusals_total",
  help: "Unattended accesses not made because the day's 4 were used.",
  registers,
});

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
