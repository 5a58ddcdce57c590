// The loop every idle taker of a worker runs: take what is due, and when nothing more is, sleep until
// the store says the next thing will be. A worker's slots on a pg-boss queue take jobs with it
// (workSlots, lib/sync/queue.ts); the approval checks take the authorizations whose next_check_at
// has come (lib/accounttracking/consents/approval-checks.ts). What is queued to run now is announced
// on the jobs' channel and the worker's listener calls `wake`, so the longest sleep only bounds how
// late something is found that no announcement and no due time reached (docs/architecture.md,
// "Idle takers wait for what is due").
import "server-only";
import { wakeableSleeps } from "@/lib/sync/sleeps";

/**
 * How long an idle taker waits at most before it asks its store again. An idle worker asked each
 * queue once or twice a second before: ~5 fetches a second, ~1 s of a core's CPU a minute
 * (docs/architecture.md, "Queues").
 */
export const IDLE_POLL_SECONDS = 10;
/** The shortest wait by default: something due now that another process holds or is taking. */
const MIN_WAIT_MS = 1_000;

/** After a round that left nothing to take: until the next is due, between `shortestMs` and `longestMs`. */
export function idleWaitMs(dueMs: number | null, longestMs: number, shortestMs = MIN_WAIT_MS): number {
  if (dueMs === null) return longestMs;
  // A little after it is due by the database's clock, so the round that follows finds it.
  return Math.min(longestMs, Math.max(shortestMs, Math.ceil(dueMs) + 50));
}

export type DueLoops = {
  /** Every sleeping loop starts its next round now (something was announced). */
  wake: () => void;
  /** No loop starts another round; waits for the rounds in flight, for at most `graceMs`. */
  stop: (graceMs?: number) => Promise<void>;
};

/**
 * `loops` loops, each running `round(loop, stopping)` over and over: a round that answers true took
 * a full batch (more may be due) and the next starts at once; otherwise the loop sleeps
 * `idleWaitMs(await nextDueMs())` (milliseconds until the next is due, ≤ 0 when it is now, null when
 * nothing waits; a failed read counts as due now). A round catches its own failures. `stopping()`
 * tells a round that has waited (for admission, say) not to take anything more.
 */
export function dueLoops(options: {
  loops: number;
  round: (loop: number, stopping: () => boolean) => Promise<boolean>;
  nextDueMs: () => Promise<number | null>;
  longestMs: number;
  shortestMs?: number;
}): DueLoops {
  const { round, nextDueMs, longestMs, shortestMs } = options;
  const sleeps = wakeableSleeps();
  let stopped = false;
  // Wakes so far: one that comes after a round began and before its sleep (the loop asleep in
  // neither) still means a round more, at once.
  let wakes = 0;
  const stopping = () => stopped;
  const loop = async (n: number) => {
    while (!stopped) {
      const seen = wakes;
      if (await round(n, stopping)) continue;
      if (stopped) return;
      // A failed read (the database away) counts as due now: the shortest wait, then a round again.
      const dueMs = await nextDueMs().catch(() => 0);
      if (!stopped && wakes === seen) await sleeps.sleep(idleWaitMs(dueMs, longestMs, shortestMs));
    }
  };
  const running = Array.from({ length: options.loops }, (_, n) => loop(n));
  return {
    wake: () => {
      if (stopped) return;
      wakes += 1;
      sleeps.wakeAll();
    },
    async stop(graceMs = Number.POSITIVE_INFINITY): Promise<void> {
      stopped = true;
      // Sleeping loops wake and end; the grace is one more sleep, ended with them once the rounds are done.
      sleeps.wakeAll();
      const ended = Promise.all(running);
      await (Number.isFinite(graceMs) ? Promise.race([ended, sleeps.sleep(graceMs)]) : ended);
      sleeps.wakeAll();
    },
  };
}
