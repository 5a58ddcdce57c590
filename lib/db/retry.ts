// A transaction PostgreSQL aborts for timing alone — chosen as a deadlock's victim (40P01), or a
// serialization failure (40001) — did nothing wrong: run again from the start, it almost always
// commits. So those two SQLSTATEs are retried in place, the whole transaction, a few times with a
// short jittered wait (two colliding writers should not collide again at once); anything else is
// the caller's to handle, thrown at once and unchanged. Classified by the pg error's `code` alone
// (never its message, never instanceof: the error may come from another module graph's copy of pg).
import "server-only";
import { setTimeout as wait } from "node:timers/promises";
import type pg from "pg";
import { pgTransaction } from "@/lib/db/client";
import { log } from "@/lib/log";

/** deadlock_detected, serialization_failure. */
const RETRYABLE_SQLSTATES: ReadonlySet<string> = new Set(["40P01", "40001"]);

/** Attempts in all, the first included. */
export const TRANSACTION_ATTEMPTS = 3;

/** The first retry waits 10–30 ms, the second 20–60 ms. */
const BACKOFF_BASE_MS = 20;

/** The SQLSTATE of an error PostgreSQL raised for timing alone (deadlock, serialization), else null. */
export function retryableSqlState(error: unknown): string | null {
  if (typeof error !== "object" || error === null) return null;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && RETRYABLE_SQLSTATES.has(code) ? code : null;
}

type RetryOptions = {
  /** Names the transaction in the log (e.g. "sync.page"). */
  name: string;
  /** Logged with each retry to say whose transaction it was (ids, never secrets). */
  fields?: Record<string, unknown>;
};

/**
 * Runs `work` in one transaction (pgTransaction) and, when PostgreSQL aborts it with 40P01 or 40001,
 * rolls back and runs it again on a fresh connection, up to TRANSACTION_ATTEMPTS in all; then the
 * last error is thrown. Any other error is thrown at once, unchanged.
 *
 * `work` MUST be safe to run again: everything it does goes through `client`, so a rolled-back
 * attempt leaves no trace. It must not change state outside the transaction (the caller's variables
 * or counters, metrics, calls to a bank or a queue): do that with its result, after this returns.
 */
export async function pgTransactionWithRetry<T>(
  work: (client: pg.PoolClient) => Promise<T>,
  { name, fields = {} }: RetryOptions,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await pgTransaction(work);
    } catch (error) {
      const pgCode = retryableSqlState(error);
      if (!pgCode || attempt >= TRANSACTION_ATTEMPTS) throw error;
      const waitMs = Math.round(BACKOFF_BASE_MS * 2 ** (attempt - 1) * (0.5 + Math.random()));
      // `pgCode`, not `code` or `sqlstate`: the log redacts values under keys named code or *state*.
      log.warn("transaction aborted by the database; running it again", {
        ...fields,
        transaction: name,
        pgCode,
        attempt,
        waitMs,
      });
      await wait(waitMs);
    }
  }
}
