// Sync runs executed here, in the test's process: one started as a person or the scheduler would,
// or the one tracking queued. Each returns the finished run.
import { prisma } from "@/lib/db/client";
import { executeRun } from "@/lib/sync/runner";
import { createRun } from "@/lib/sync/service";

export type RunOptions = Parameters<typeof executeRun>[2];

/** A sync run of the account, attended (a person present, the default) or scheduled. */
export async function syncOnce(accountId: string, scopeId: string, options: RunOptions & { attended?: boolean } = {}) {
  const { attended = true, ...run } = options;
  const { run: created } = await createRun(prisma(), {
    scopeId,
    accountId,
    trigger: attended ? "manual" : "scheduled",
    attended,
    psuIpAddress: attended ? "192.0.2.1" : null,
  });
  return executeOnce(created.id, run);
}

/** Executes an existing run (the first sync that tracking queued). */
export async function executeOnce(runId: string, options?: RunOptions) {
  await executeRun(runId, "test-worker", options);
  return prisma().syncRun.findUniqueOrThrow({ where: { id: runId } });
}
