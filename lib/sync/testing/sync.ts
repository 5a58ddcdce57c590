// A sync a person asked for (attended), run to its end by a test worker; returns the finished run.
import { db, prisma } from "@/lib/db/client";
import { executeRun } from "@/lib/sync/runner";
import { createRun } from "@/lib/sync/service";

export async function syncAttended(accountId: string, scopeId: string) {
  const { run } = await createRun(db(), {
    scopeId,
    accountId,
    trigger: "manual",
    attended: true,
    psuIpAddress: "192.0.2.1",
  });
  await executeRun(run.id, "test-worker");
  return prisma().syncRun.findUniqueOrThrow({ where: { id: run.id } });
}
