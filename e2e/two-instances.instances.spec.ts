// Past one machine (issue 16): two app instances and one `npm run worker` on one PostgreSQL. Instance
// A runs as `npm start` ships it (sync worker and scheduler inside), instance B with SYNC_IN_APP=0
// (web only), plus one worker process: so requests race between two API processes, and claims and
// scheduler ticks between two sync processes. Six sandbox accounts in two scopes are synced in rounds:
// asked for through both instances at once, scheduled by two schedulers at once, and both at once;
// then once more than PSD2 allows. The database must show one run at a time per account, each
// claimed once, every sync ended, exactly 4 unattended bank accesses per account, and the rows must
// equal the bank's.
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/project-servers";
import { bankTransactions, expectEqualToBank, ourTransactions } from "./support/bank-truth";
import { connectBank, startSync, trackAccount, type Connection, type TrackedAccount } from "./support/connect";
import { openDatabase } from "./support/database";
import {
  budgetViolations,
  byAccount,
  expectOrderlyRuns,
  idle,
  makeDue,
  PSD2_REFUSAL,
  roundStart,
  runsSince,
  tickScheduler,
  type RunRecord,
} from "./support/fleet-checks";
import { signedInPerson, type Person } from "./support/person";
import { holdAtBank } from "./support/sandbox-controls";
import { banksUrlFor, INSTANCE_A_PORT, INSTANCE_B_PORT, INSTANCES_DATA_DIR } from "./support/topology";
import { startWorker, workerEnv } from "./support/worker-process";

const url = (port: number) => `http://localhost:${port}`;
type Tracked = { person: Person; connection: Connection; account: TrackedAccount };

/**
 * Each account's sync asked for twice through each instance, all at the same moment; the run ids
 * answered. The bank holds the accounts' reports meanwhile, so every ask certainly meets the run
 * the first one started (a re-sync of unchanged history can otherwise end between two asks).
 */
async function askEverywhere(instances: APIRequestContext[], tracked: Tracked[]): Promise<Map<string, Set<string>>> {
  const [control] = instances;
  const bank = (action: "hold" | "release") =>
    Promise.all(tracked.map((t) => holdAtBank(control, t.account.bankAccountId, action, banksUrlFor(INSTANCE_A_PORT))));
  await bank("hold");
  try {
    const asks = tracked.flatMap(({ person, account }) =>
      [...instances, ...instances].map(async (api) => ({
        account: account.id,
        run: await startSync(api, person.token, account.id),
      })),
    );
    const answered = new Map<string, Set<string>>();
    for (const { account, run } of await Promise.all(asks))
      answered.set(account, (answered.get(account) ?? new Set()).add(run.id));
    return answered;
  } finally {
    await bank("release");
  }
}

/** Exactly one run per account in the round, of the expected trigger, and it succeeded. */
function expectOneRunEach(round: RunRecord[], accounts: string[], trigger: RunRecord["trigger"]) {
  const runs = byAccount(round);
  expect([...runs.keys()].sort()).toEqual([...accounts].sort());
  for (const [account, list] of runs) {
    expect(
      list.map((r) => r.trigger),
      `account ${account}: one ${trigger} run`,
    ).toEqual([trigger]);
    expect(list[0].state, list[0].last_error ?? "").toBe("succeeded");
  }
}

test("two app instances and one worker on one database: no duplicate runs, PSD2 budget held, every sync ended, rows equal the bank", async () => {
  test.setTimeout(150_000);
  const db = openDatabase(INSTANCES_DATA_DIR);
  const worker = startWorker(workerEnv(url(INSTANCE_A_PORT), INSTANCES_DATA_DIR, { SYNC_SCHEDULER: "1" }));
  // A browser session per instance (one person signed in on each) and cookie-free contexts for the scripts.
  const [sessionA, sessionB, apiA, apiB] = await Promise.all(
    [INSTANCE_A_PORT, INSTANCE_B_PORT, INSTANCE_A_PORT, INSTANCE_B_PORT].map((port) =>
      playwrightRequest.newContext({ baseURL: url(port) }),
    ),
  );
  const instances = [apiA, apiB];
  try {
    const trackedAt = await roundStart(db);
    const tracked: Tracked[] = [];
    for (const [i, session] of [sessionA, sessionB].entries()) {
      const person = await signedInPerson(session, url(i === 0 ? INSTANCE_A_PORT : INSTANCE_B_PORT), `Instance${i}`);
      for (let k = 0; k < 3; k += 1) {
        const connection = await connectBank(session, person, `bulk-${3000 + 3 * i + k}`);
        tracked.push({
          person,
          connection,
          account: (await trackAccount(session, person.session, connection)).account,
        });
      }
    }
    const all = tracked.map((t) => t.account.id);
    const [first, second] = [all.filter((_, i) => i % 2 === 0), all.filter((_, i) => i % 2 === 1)];
    await idle(db, all); // the first syncs (attended: the person tracked them in the browser)

    // Round 1: every account asked for at once, twice through each instance: one run each.
    let since = await roundStart(db);
    const answered = await askEverywhere(instances, tracked);
    for (const [account, runs] of answered) expect(runs.size, `account ${account}: one run for 4 asks`).toBe(1);
    await idle(db, all);
    expectOneRunEach(await runsSince(db, all, since), all, "manual");

    // Round 2: every account due; two scheduler ticks at once (the app's and the worker's scheduler).
    since = await roundStart(db);
    await makeDue(db, all);
    await tickScheduler(db, 2);
    await expect.poll(async () => (await runsSince(db, all, since)).length, { timeout: 30_000 }).toBe(all.length);
    await idle(db, all);
    expectOneRunEach(await runsSince(db, all, since), all, "scheduled");

    // Rounds 3 and 4: one half asked for through both instances while the other half is scheduled, then swapped.
    for (const [asked, scheduled] of [
      [first, second],
      [second, first],
    ]) {
      since = await roundStart(db);
      await makeDue(db, scheduled);
      await Promise.all([
        tickScheduler(db, 2),
        askEverywhere(
          instances,
          tracked.filter((t) => asked.includes(t.account.id)),
        ),
      ]);
      await expect.poll(async () => (await runsSince(db, all, since)).length, { timeout: 30_000 }).toBe(all.length);
      await idle(db, all);
      const round = await runsSince(db, all, since);
      expectOneRunEach(
        round.filter((r) => asked.includes(r.account_id)),
        asked,
        "manual",
      );
      expectOneRunEach(
        round.filter((r) => scheduled.includes(r.account_id)),
        scheduled,
        "scheduled",
      );
    }

    // Round 5: 4 unattended accesses spent today; asked again through both instances, nobody calls the bank.
    since = await roundStart(db);
    await askEverywhere(instances, tracked);
    await idle(db, all);
    const refused = await runsSince(db, all, since);
    expect(new Set(refused.map((r) => r.account_id)).size).toBe(all.length);
    for (const run of refused) expect(run.last_error ?? "").toMatch(PSD2_REFUSAL);

    const runs = await runsSince(db, all, trackedAt);
    expectOrderlyRuns(runs);
    const accesses = [...byAccount(runs).values()].map((list) => list.reduce((n, r) => n + r.accesses, 0));
    expect(accesses, "unattended bank accesses per account").toEqual(all.map(() => 4));
    expect(await budgetViolations(db, all), "PSD2 budget violations").toBe(0);

    for (const { person, connection, account } of tracked) {
      const bank = await bankTransactions(apiA, account, connection);
      expectEqualToBank(bank, await ourTransactions(apiB, person.token, account.id));
    }
  } finally {
    await worker.stop();
    await Promise.all([sessionA, sessionB, apiA, apiB].map((c) => c.dispose()));
    await db.end();
  }
});
