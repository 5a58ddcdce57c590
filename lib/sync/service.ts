// Starting syncs: one active run per account (a unique partial index guarantees it); asking again
// while one is queued or running returns that run.
import type { Tx } from "@/lib/db/client";
import type { SyncRun, SyncTrigger } from "@/lib/generated/prisma/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { enqueueRun } from "@/lib/sync/queue";

export async function activeRun(db: Tx, accountId: string): Promise<SyncRun | null> {
  return db.syncRun.findFirst({ where: { accountId, state: { in: ["queued", "running"] } } });
}

/** Creates (or returns the active) run. The job is queued by the caller after its transaction commits. */
export async function createRun(
  db: Tx,
  input: { scopeId: string; accountId: string; trigger: SyncTrigger; attended: boolean; psuIpAddress: string | null },
): Promise<{ run: SyncRun; created: boolean }> {
  const existing = await activeRun(db, input.accountId);
  if (existing) return { run: existing, created: false };
  try {
    const run = await db.syncRun.create({ data: input });
    return { run, created: true };
  } catch (error) {
    // Two requests raced past the check: the partial unique index let only one in.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      const winner = await activeRun(db, input.accountId);
      if (winner) return { run: winner, created: false };
    }
    throw error;
  }
}

export async function queueRun(runId: string): Promise<void> {
  await enqueueRun(runId);
}
