// Starting syncs: one active run per account (a unique partial index guarantees it); asking again
// while one is queued or running returns that run.
import type { Tx } from "@/lib/db/client";
import type { SyncRun, SyncTrigger } from "@/lib/generated/prisma/client";
import { enqueueRun, REQUESTED_PRIORITY } from "@/lib/sync/queue";

async function activeRun(db: Tx, accountId: string): Promise<SyncRun | null> {
  return db.syncRun.findFirst({ where: { accountId, state: { in: ["queued", "running"] } } });
}

/**
 * Creates (or returns the active) run. The job is queued by the caller after its transaction commits.
 *
 * Concurrent callers race on the partial unique index (one queued or running run per account).
 * `ON CONFLICT DO NOTHING` lets the loser wait for the winner's commit and then insert nothing,
 * without an error: a unique violation would abort the caller's transaction, and nothing could be
 * read in it afterwards. The loser then reads the winner's run (READ COMMITTED: a new snapshot).
 */
export async function createRun(
  db: Tx,
  input: { scopeId: string; accountId: string; trigger: SyncTrigger; attended: boolean; psuIpAddress: string | null },
): Promise<{ run: SyncRun; created: boolean }> {
  const existing = await activeRun(db, input.accountId);
  if (existing) return { run: existing, created: false };
  const inserted = await db.$queryRaw<{ id: string }[]>`
    INSERT INTO sync_runs (id, scope_id, account_id, trigger, attended, psu_ip_address)
    VALUES (gen_random_uuid(), ${input.scopeId}::uuid, ${input.accountId}::uuid, ${input.trigger}::"SyncTrigger",
            ${input.attended}, ${input.psuIpAddress})
    ON CONFLICT DO NOTHING RETURNING id`;
  if (inserted[0]) return { run: await db.syncRun.findUniqueOrThrow({ where: { id: inserted[0].id } }), created: true };
  const winner = await activeRun(db, input.accountId);
  if (winner) return { run: winner, created: false };
  // The winner finished between its insert and our read: start again.
  return createRun(db, input);
}

/** Queues a run someone asked for through the API: it goes before scheduled runs. */
export async function queueRun(runId: string): Promise<void> {
  await enqueueRun(runId, 0, REQUESTED_PRIORITY);
}
