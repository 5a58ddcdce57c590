// A sync worker process (`npm run worker`'s, testing/support/script-process.ts) that takes the run, writes
// at least `pages` pages of 100 and is then killed with SIGKILL: the run is left `running` under a
// dead worker, for a test to show what another worker (or a reader) makes of it.
import { spawn } from "node:child_process";
import { expect } from "vitest";
import { prisma } from "@/lib/db/client";
import { enqueueRun } from "@/lib/sync/queue";
import { scriptArgs } from "../script-process";

export async function killWorkerMidSync(runId: string, banksOrigin: string, pages = 5): Promise<void> {
  const worker = spawn(process.execPath, scriptArgs("worker"), {
    env: {
      ...process.env,
      SANDBOX_BANK_URL: banksOrigin,
      SYNC_PAGE_SIZE: "100",
      SYNC_SCHEDULER: "0",
      SYNC_CONCURRENCY: "1",
      LOG_LEVEL: "warn",
    },
    stdio: "ignore",
  });
  try {
    // Top priority: the worker takes this job before anything else queued in the shared test database.
    await enqueueRun(runId, 0, 100);
    await expect
      .poll(async () => (await prisma().syncRun.findUniqueOrThrow({ where: { id: runId } })).pages, {
        timeout: 30_000,
        interval: 50,
      })
      .toBeGreaterThanOrEqual(pages);
  } finally {
    worker.kill("SIGKILL");
  }
  await new Promise((resolve) => worker.once("exit", resolve));
}
