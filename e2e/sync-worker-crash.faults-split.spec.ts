// A worker process killed with SIGKILL mid-sync (split topology: SYNC_IN_APP=0, workers as separate
// processes): another `npm run worker` takes the run over once its heartbeat is stale, resumes from
// the saved cursor, and the result equals the bank's own answer with no duplicates. A connector
// following the account's change feed reads what the dead worker committed, then the rest: its copy
// ends equal to the bank's answer too.
import { expect, test } from "./support/project-servers";
import { bankTransactions, expectEqualToBank, ourTransactions } from "./support/bank-truth";
import { connectBank, runEnded, syncStatus, trackAccount } from "./support/connect";
import { signedInPerson } from "./support/person";
import { FAULTS_SPLIT_DATA_DIR, FAULT_SYNC_ENV } from "./support/topology";
import { startWorker, workerEnv, type WorkerProcess } from "./support/worker-process";
import { connectorHeaders, expectStep, feedFollower } from "./support/feed-follower";

test("SIGKILL mid-sync: another worker finishes the run, equal to the bank", async ({ request, baseURL }) => {
  test.setTimeout(180_000);
  const person = await signedInPerson(request, baseURL ?? "", "Crash");
  const connection = await connectBank(request, person, "bulk-20000");
  const headers = person.token;
  // No worker runs yet in this topology: the first run waits, queued.
  const { account } = await trackAccount(request, headers, connection);
  expect((await syncStatus(request, headers, account.id)).state).toBe("queued");

  const feed = feedFollower(request, await connectorHeaders(request, person), account.id);
  const env = workerEnv(baseURL ?? "", FAULTS_SPLIT_DATA_DIR, FAULT_SYNC_ENV);
  const victim = startWorker({ ...env, SYNC_PAGE_SIZE: "100", SYNC_CONCURRENCY: "1" }, { direct: true });
  let rescuer: WorkerProcess | null = null;
  try {
    await expect
      .poll(async () => (await syncStatus(request, headers, account.id)).progress.pages, {
        timeout: 60_000,
        intervals: [100],
      })
      .toBeGreaterThanOrEqual(5);
    await victim.stop("SIGKILL");
    const orphaned = await syncStatus(request, headers, account.id);
    expect(orphaned.state).toBe("running");
    expect(orphaned.progress.pages).toBeLessThan(200);
    // Mid-sync, the feed holds exactly what the dead worker committed: its pages' rows.
    const committed = await feed.catchUp();
    expect(committed.added.length).toBe(orphaned.progress.added);

    rescuer = startWorker(env);
    const run = await runEnded(request, headers, account.id, 150_000);
    expect(run.state, run.lastError ?? "").toBe("succeeded");
    expect(run.id).toBe(orphaned.id);
    expect(run.attempts).toBe(2);
  } finally {
    await victim.stop("SIGKILL");
    await rescuer?.stop();
  }
  const bank = await bankTransactions(request, account, connection);
  expect(bank.length).toBe(20_000);
  expectEqualToBank(bank, await ourTransactions(request, headers, account.id));
  await expectStep(feed, null, bank);
});
