// One attempt at a sync run, observed: traced, and its outcome, duration and the rows it wrote
// counted by integration (lib/metrics/metrics.ts). The runner (lib/sync/runner.ts) reports what it saw in `RunSeen` and
// answers how the attempt ended; a job that found its run not claimable did no work and is not counted.
import "server-only";
import { syncPages, syncRows, syncRunDuration, syncRuns } from "@/lib/metrics/metrics";
import { inSpan } from "@/lib/tracing/spans";

/**
 * - succeeded / failed: the run ended so;
 * - retried: re-queued after Retry-After or backoff (a transient bank failure);
 * - deferred: its bank was at our concurrency limit, it waits without an attempt;
 * - lost: another worker took it over (this one stopped heartbeating), or holds it;
 * - not_claimed: nothing to do (already running elsewhere, finished, or not yet due);
 * - error: the attempt threw (a bug or the database failing); the sweeper re-sends the run.
 */
export type RunOutcome = "succeeded" | "failed" | "retried" | "deferred" | "lost" | "not_claimed" | "error";

export type RunSeen = { integration: string | null; attempt: number; pages: number; added: number; updated: number };

function record(seen: RunSeen, outcome: RunOutcome, ms: number): void {
  if (outcome === "not_claimed") return;
  const integration = seen.integration ?? "unknown";
  syncRuns.inc({ integration, outcome });
  syncRunDuration.observe({ integration, outcome }, ms / 1000);
  if (seen.pages > 0) syncPages.inc({ integration }, seen.pages);
  if (seen.added > 0) syncRows.inc({ integration, change: "added" }, seen.added);
  if (seen.updated > 0) syncRows.inc({ integration, change: "updated" }, seen.updated);
}

/** The attempt in a span (`sync.run`: its pages, bank calls and SQL beneath), then counted. */
export function observeRun(runId: string, attempt: (seen: RunSeen) => Promise<RunOutcome>): Promise<RunOutcome> {
  return inSpan("sync.run", { "ledgerlink.sync.run_id": runId }, async (span) => {
    const seen: RunSeen = { integration: null, attempt: 0, pages: 0, added: 0, updated: 0 };
    const started = performance.now();
    const describe = (outcome: RunOutcome) => {
      record(seen, outcome, performance.now() - started);
      span.setAttributes({
        "ledgerlink.sync.outcome": outcome,
        "ledgerlink.sync.integration": seen.integration ?? "unknown",
        "ledgerlink.sync.attempt": seen.attempt,
        "ledgerlink.sync.pages": seen.pages,
        "ledgerlink.sync.added": seen.added,
        "ledgerlink.sync.updated": seen.updated,
      });
    };
    try {
      const outcome = await attempt(seen);
      describe(outcome);
      return outcome;
    } catch (error) {
      describe("error");
      throw error;
    }
  });
}
