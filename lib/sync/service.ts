// Starting syncs: one active run per account (a unique partial index guarantees it); asking again
// while one is queued or running returns that run. A run is created with its pg-boss job in one
// transaction, so no run waits for a job that was never sent.
import "server-only";
import { randomUUID } from "node:crypto";
import type { Tx } from "@/lib/db/client";
import { execute } from "@/lib/db/sql";
import { transaction, type Commit } from "@/lib/db/transaction";
import type { SyncRun, SyncTrigger } from "@/lib/generated/prisma/client";
import { queueRuns, REQUESTED_PRIORITY } from "@/lib/sync/queue";
import { ACTIVE_RUN_STATES } from "@/lib/sync/run-lifecycle";

type NewRun = {
  scopeId: string;
  accountId: string;
  trigger: SyncTrigger;
  attended: boolean;
  psuIpAddress: string | null;
  /** Read the bank again from this date (a window reconciliation pointed at); default: the sync's own window. */
  dateFrom?: string | null;
};

async function activeRun(db: Tx, accountId: string): Promise<SyncRun | null> {
  return db.syncRun.findFirst({ where: { accountId, state: { in: [...ACTIVE_RUN_STATES] } } });
}

/**
 * Creates (or returns the active) run in `tx`, without its job (lib/sync/queue.ts): requestRun below
 * queues it; a benchmark or a test that runs it itself does not.
 *
 * Concurrent callers race on the partial unique index (one queued or running run per account).
 * `ON CONFLICT DO NOTHING` lets the loser wait for the winner's commit and then insert nothing,
 * without an error: a unique violation would abort the caller's transaction, and nothing could be
 * read in it afterwards. The loser then reads the winner's run (READ COMMITTED: a new snapshot).
 */
export async function createRun(tx: Tx, input: NewRun): Promise<{ run: SyncRun; created: boolean }> {
  const existing = await activeRun(tx, input.accountId);
  if (existing) return { run: existing, created: false };
  const id = randomUUID();
  const inserted = await execute(
    tx,
    `INSERT INTO sync_runs (id, scope_id, account_id, trigger, attended, psu_ip_address, date_from)
     VALUES ($1::uuid, $2::uuid, $3::uuid, $4::"SyncTrigger", $5, $6, $7) ON CONFLICT DO NOTHING`,
    id,
    input.scopeId,
    input.accountId,
    input.trigger,
    input.attended,
    input.psuIpAddress,
    input.dateFrom ?? null,
  );
  if (inserted === 1) return { run: await tx.syncRun.findUniqueOrThrow({ where: { id } }), created: true };
  const winner = await activeRun(tx, input.accountId);
  if (winner) return { run: winner, created: false };
  // The winner finished between its insert and our read: start again.
  return createRun(tx, input);
}

/**
 * A run someone asked for (a person, a script, a renewal): created with its job in `tx`, the job
 * before scheduled runs' jobs. The active run when there is one (its job is on its way already).
 */
export async function requestRun(tx: Tx, input: NewRun): Promise<{ run: SyncRun; created: boolean }> {
  const requested = await createRun(tx, input);
  if (requested.created) await queueRuns(tx, [{ runId: requested.run.id, priority: REQUESTED_PRIORITY }]);
  return requested;
}

/** start-sync, the verb: a run for the account (or its active one), in a transaction of its own. */
export function startSync(
  input: NewRun & { commit?: Commit<{ run: SyncRun; created: boolean }> },
): Promise<{ run: SyncRun; created: boolean }> {
  const { commit = transaction, ...run } = input;
  return commit((tx) => requestRun(tx, run));
}
