// Figures read from the database when the server is scraped, not counted by a process: the sync
// queue (runs waiting and running, the age of the oldest waiting run) and PSD2 unattended accesses
// made in the last 24 hours. They are the same whichever process is scraped, so only the web server's
// registry carries them (a worker's scrape would repeat them). Registered on first use.
import "server-only";
import { probePool } from "@/lib/db/client";
import { client, registry } from "@/lib/metrics/registry";
import { runSql } from "@/lib/sync/run-lifecycle";

const QUEUE = `
SELECT count(*) FILTER (WHERE ${runSql.queued("r")})::int AS queued,
       count(*) FILTER (WHERE ${runSql.running("r")})::int AS running,
       coalesce(extract(epoch FROM clock_timestamp() - min(r.created_at) FILTER (WHERE ${runSql.queued("r")})), 0)::float8 AS oldest,
       (SELECT count(*)::int FROM bank_accesses WHERE at > now() - interval '24 hours') AS accesses
  FROM sync_runs r WHERE ${runSql.active("r")}`;

type Figures = { queued: number; running: number; oldest: number; accesses: number };

let registered = false;

export function registerDatabaseGauges(): void {
  if (registered) return;
  registered = true;
  // One query per scrape, shared by the gauges that collect it.
  let reading: Promise<Figures | null> | null = null;
  const figures = () =>
    (reading ??= probePool()
      .query<Figures>(QUEUE)
      .then((r) => r.rows[0] ?? null)
      // A database that does not answer is ledgerlink_metrics_database_up 0, not a failed scrape.
      .catch(() => null)
      .finally(() => setTimeout(() => (reading = null), 0)));
  const gauge = (name: string, help: string, pick: (f: Figures) => number) =>
    new client.Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const f = await figures();
        if (f) this.set(pick(f));
      },
    });
  gauge(
    "ledgerlink_sync_queue_depth",
    "Sync runs waiting to run (queued, including those waiting out a bank's Retry-After).",
    (f) => f.queued,
  );
  gauge(
    "ledgerlink_sync_queue_oldest_age_seconds",
    "Age of the oldest queued sync run (0 when none waits).",
    (f) => f.oldest,
  );
  gauge("ledgerlink_sync_runs_running", "Sync runs running now.", (f) => f.running);
  gauge(
    "ledgerlink_psd2_unattended_accesses_24h",
    "Unattended bank accesses made in the last 24 hours (PSD2 allows 4 per consent and account).",
    (f) => f.accesses,
  );
  new client.Gauge({
    name: "ledgerlink_metrics_database_up",
    help: "1 when the database answered this scrape's queries, else 0 (the queue figures are then missing).",
    registers: [registry],
    async collect() {
      this.set((await figures()) ? 1 : 0);
    },
  });
}
