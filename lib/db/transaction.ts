// How a verb writes: in short transactions of its own. `transaction(work)` opens one; `Commit<T>` is
// the shape a verb takes for its last one, so a caller can add to it what must commit together with
// the verb's writes (the route kernel stores the request's Idempotency-Key answer there: a crash can
// never leave the writes without the answer, nor the answer without the writes). No transaction is
// ever held open while a bank or any other host answers.
import "server-only";
import { prisma, type Tx } from "@/lib/db/client";

/** Runs `work` in the verb's last transaction and returns what it returned. */
export type Commit<T> = (work: (tx: Tx) => Promise<T>) => Promise<T>;

/** A transaction of its own, for one step of a verb. */
export function transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  return prisma().$transaction((tx) => work(tx), { maxWait: 10_000, timeout: 60_000 });
}

/**
 * `work` inside `db` when `db` is already a transaction (a move that belongs with the caller's other
 * writes), else inside a transaction of its own: what `work` writes always commits as one. Prisma's
 * transaction client is the one without `$transaction`.
 */
export function within<T>(db: Tx, work: (tx: Tx) => Promise<T>): Promise<T> {
  return "$transaction" in db ? transaction(work) : work(db);
}

/** A caller's own transaction, lent to a verb as its `commit` (the verb's writes join the caller's). */
export const inside =
  (tx: Tx) =>
  <T>(work: (tx: Tx) => Promise<T>): Promise<T> =>
    work(tx);
