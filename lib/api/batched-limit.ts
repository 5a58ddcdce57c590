// A fixed-window limit counted in this process first and reconciled with the shared store
// (PostgreSQL, rate-limiter-flexible) in batches, so a request no longer costs a counter write: the
// first request of a window per key consumes in the store (exact, and it learns the window's end),
// later ones are counted here and sent with `penalty(key, n)` once `batch` points are waiting or
// every `flushMs`, whichever comes first. Each store answer tells us the shared count, other
// instances' flushed points included.
//
// Tolerance across instances: a request is allowed only when the shared count last seen plus this
// instance's unsent points stays within the limit, and an instance never holds more than `batch`
// unsent points (the next request waits for the flush). Take the instance whose last store answer
// came last: it had seen every other instance's earlier points, so what was allowed up to it and by
// it after it is within the limit; each other instance allowed at most `batch` more since its own last
// answer. So one window lets through at most `points + (instances - 1) × batch` requests per key
// (docs/api-decisions.md), and an instance alone is exact.
import "server-only";
import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

export type BatchedLimitOptions = {
  store: RateLimiterAbstract;
  points: number;
  /** Most points an instance counts before the store hears of them (≥ 1). */
  batch: number;
  /** Unsent points are sent at the latest this long after they were counted. */
  flushMs: number;
  onFlushError?: (error: unknown) => void;
};

type Window = {
  /** The store's count when it last answered (our points sent so far included). */
  known: number;
  /** Counted here, not sent yet. */
  pending: number;
  /** Sent, not acknowledged yet. */
  inFlight: number;
  /** When the store's window ends (Date.now() clock, as the store's own). */
  expiresAt: number;
  flushing: Promise<void> | null;
};

export type BatchedLimit = {
  /** Resolves with the result, or rejects with a RateLimiterRes when over the limit (as the library does). */
  consume(key: string): Promise<RateLimiterRes>;
  /** Sends every unsent point now (tests, shutdown). */
  flushAll(): Promise<void>;
};

export function batchedLimit(options: BatchedLimitOptions): BatchedLimit {
  const { store, points, flushMs } = options;
  const batch = Math.max(1, Math.floor(options.batch));
  const windows = new Map<string, Window>();
  // A key's first request of a window, in the store: concurrent first requests wait for it.
  const opening = new Map<string, Promise<unknown>>();
  let timer: ReturnType<typeof setTimeout> | null = null;

  const remember = (key: string, res: RateLimiterRes, over: boolean) => {
    // An over-limit answer from the library's in-memory block carries no count: at least the limit.
    const known = over ? Math.max(res.consumedPoints, points) : res.consumedPoints;
    windows.set(key, { known, pending: 0, inFlight: 0, expiresAt: Date.now() + res.msBeforeNext, flushing: null });
    schedule();
  };

  const open = async (key: string): Promise<RateLimiterRes> => {
    try {
      const res = await store.consume(key, 1);
      remember(key, res, false);
      return res;
    } catch (error) {
      if (error instanceof RateLimiterRes) remember(key, error, true);
      throw error;
    }
  };

  const flush = (key: string, w: Window): Promise<void> => {
    if (w.flushing) return w.flushing;
    if (w.pending === 0) return Promise.resolve();
    const n = w.pending;
    w.pending = 0;
    w.inFlight = n;
    w.flushing = store
      .penalty(key, n)
      .then(
        (res) => {
          w.known = res.consumedPoints;
          w.expiresAt = Date.now() + res.msBeforeNext;
        },
        (error: unknown) => {
          w.pending += n; // still counted here; the next flush sends them
          throw error;
        },
      )
      .finally(() => {
        w.inFlight = 0;
        w.flushing = null;
      });
    return w.flushing;
  };

  // One timer per limiter: sends what waits, forgets ended windows, and stops when nothing is left.
  function schedule() {
    if (timer !== null) return;
    timer = setTimeout(tick, flushMs);
    timer.unref?.();
  }
  function tick() {
    timer = null;
    const now = Date.now();
    for (const [key, w] of windows) {
      if (w.expiresAt <= now && !w.flushing) windows.delete(key);
      else if (w.pending > 0) flush(key, w).catch((error: unknown) => options.onFlushError?.(error));
    }
    if (windows.size > 0) schedule();
  }

  async function consume(key: string): Promise<RateLimiterRes> {
    for (;;) {
      const now = Date.now();
      const w = windows.get(key);
      if (!w || w.expiresAt <= now) {
        const waiting = opening.get(key);
        if (waiting) {
          // Its outcome (or its over-limit refusal) is the first caller's; this one only waits for it
          // and then reads the window it left.
          await waiting.catch(() => undefined);
          continue;
        }
        // Points still unsent for an ended window belong to it: dropped with it.
        windows.delete(key);
        const first = open(key);
        opening.set(key, first);
        try {
          return await first;
        } finally {
          opening.delete(key);
        }
      }
      const used = w.known + w.pending + w.inFlight;
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- the library's contract: over the limit rejects with its result
      if (used >= points) throw new RateLimiterRes(0, w.expiresAt - now, used, false);
      if (w.pending + w.inFlight >= batch) {
        await flush(key, w);
        continue;
      }
      w.pending += 1;
      if (w.pending + w.inFlight >= batch) {
        flush(key, w).catch((error: unknown) => options.onFlushError?.(error));
      }
      return new RateLimiterRes(points - used - 1, w.expiresAt - now, used + 1, false);
    }
  }

  async function flushAll(): Promise<void> {
    // Twice: points counted while a flush was in flight go out in the second round.
    for (let round = 0; round < 2; round += 1) {
      await Promise.all([...windows].map(([key, w]) => (w.flushing ?? Promise.resolve()).then(() => flush(key, w))));
    }
  }

  return { consume, flushAll };
}
