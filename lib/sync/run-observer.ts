// One attempt at a sync run, observed: its outcome, duration and the rows it wrote, by integration
// (lib/metrics/metrics.ts). The runner (lib/sync/runner.ts) reports what it saw in `RunSeen` and
// answers how the attempt ended; a job that found its run not claimable did no work and is not counted.
import "server-only";
import { syncPages, syncRows, syncRunDuration, syncRuns } from "@/lib/metrics/metrics";

/**
 * - succeeded / failed: the run ended so;
 * - retried: re-queued after Retry-After or backoff (a transient bank failure);
 * - deferred: its bank was at our concurrency limit, it waits without an attempt;
 * - lost: another worker took it over (this one stopped heartbeating), or holds it;
 * - not_claimed: nothing to do (already running elsewhere, finished, or not yet due);
 * - error: the attempt threw (a bug or the database failing); the sweeper re-sends the run.
 */
export type RunOutcome = "succeeded" | "failed" | "retried" | "deferred" | "lost" | "not_claimed" | "error";

export type RunSeen = { integration: string | null; pages: number; added: number; updated: number };

function record(seen: RunSeen, outcome: RunOutcome, ms: number): void {
  if (outcome === "not_claimed") return;
  const integration = seen.integration ?? "unknown";
  syncRuns.inc({ integration, outcome });
  syncRunDuration.observe({ integration, outcome }, ms / 1000);
  if (seen.pages > 0) syncPages.inc({ integration }, seen.pages);
  if (seen.added > 0) syncRows.inc({ integration, change: "added" }, seen.added);
  if (seen.updated > 0) syncRows.inc({ integration, change: "updated" }, seen.updated);
}

export async function observeRun(attempt: (seen: RunSeen) => Promise<RunOutcome>): Promise<RunOutcome> {
  const seen: RunSeen = { integration: null, pages: 0, added: 0, updated: 0 };
  const started = performance.now();
  try {
    const outcome = await attempt(seen);
    record(seen, outcome, performance.now() - started);
    return outcome;
  } catch (error) {
    record(seen, "error", performance.now() - started);
    throw error;
  }
}
