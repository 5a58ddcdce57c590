// How long a sync run waits before it is tried again, for both reasons it waits:
// - the bank answered 429 or 5xx: the run is re-queued, each attempt counted against SYNC_MAX_ATTEMPTS
//   (lib/sync/outcome.ts), and the bank's Retry-After, when it sent one, is a floor;
// - the bank was at our own per-bank concurrency limit (lib/sync/claim.ts): the run is deferred without
//   an attempt, each deferral counted against MAX_BANK_BUSY_DEFERRALS.
// Exponential per try, capped, with ±25 % jitter: the runs of one bank that failed or were deferred
// together must not all come back in the same second and collide again.

export type Backoff = { baseSeconds: number; capSeconds: number };

/** A run deferred because its bank is busy with our other runs: 2 s, 4, 8… up to a minute. */
export const BANK_BUSY_BACKOFF: Backoff = { baseSeconds: 2, capSeconds: 60 };

/**
 * Deferrals after which a run whose bank stays busy fails, saying so, rather than wait forever
 * (30 deferrals ≈ 26 minutes with BANK_BUSY_BACKOFF). The next scheduled update starts a new run.
 */
export const MAX_BANK_BUSY_DEFERRALS = 30;

/** The longest re-queue wait after a bank error, before jitter (Retry-After may ask for longer). */
export const BANK_ERROR_CAP_SECONDS = 300;

/** Whole seconds to wait before try `attempt` + 1 (1-based: the wait after the first try is `base`). */
export function retryDelaySeconds(
  attempt: number,
  backoff: Backoff,
  retryAfterSeconds: number | null = null,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(backoff.capSeconds, backoff.baseSeconds * 2 ** Math.max(0, attempt - 1));
  const jittered = exponential * (0.75 + 0.5 * random());
  // Never earlier than the bank asked: the jitter spreads waits above its Retry-After, never below.
  return Math.max(1, Math.ceil(Math.max(retryAfterSeconds ?? 0, jittered)));
}
