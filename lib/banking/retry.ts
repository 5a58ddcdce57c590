// Retries transient provider failures: waits at least what the bank's Retry-After asked, otherwise
// exponential backoff with full jitter, capped. Non-transient errors are thrown at once.
import { bankErrorOf, isTransientBankError, type BankError } from "@/lib/banking/errors";
import { withRetryAttempt } from "@/lib/tracing/spans";

export type RetryOptions = {
  retries: number;
  baseMs: number;
  maxMs: number;
  /** A wait longer than this is not slept through: the error is thrown for the caller to schedule. */
  maxWaitMs?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  onRetry?: (error: BankError, attempt: number, waitMs: number) => void;
};

export const DEFAULT_RETRY: RetryOptions = { retries: 4, baseMs: 500, maxMs: 30_000 };

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function backoffMs(error: BankError, attempt: number, options: RetryOptions): number {
  const random = options.random ?? Math.random;
  const exponential = Math.min(options.maxMs, options.baseMs * 2 ** attempt);
  const jittered = Math.round(random() * exponential);
  const floor = error.retryAfterSeconds !== null ? error.retryAfterSeconds * 1000 : 0;
  return Math.max(floor, jittered);
}

export async function withRetry<T>(
  operation: (attempt: number) => Promise<T>,
  options: RetryOptions = DEFAULT_RETRY,
): Promise<T> {
  const sleep = options.sleep ?? realSleep;
  for (let attempt = 0; ; attempt += 1) {
    try {
      // The attempt rides in the trace context, for the bank call's span (lib/banking/observed.ts).
      return await withRetryAttempt(attempt, () => operation(attempt));
    } catch (error) {
      const bank = bankErrorOf(error);
      if (!bank || !isTransientBankError(bank) || attempt >= options.retries) throw error;
      const wait = backoffMs(bank, attempt, options);
      if (options.maxWaitMs !== undefined && wait > options.maxWaitMs) throw error;
      options.onRetry?.(bank, attempt + 1, wait);
      await sleep(wait);
    }
  }
}
