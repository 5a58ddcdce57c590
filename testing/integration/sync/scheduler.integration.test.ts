// The scheduler and the claim against the real database: due accounts claimed in batches (one
// transaction per batch, each run with its job), fair turns across scopes, the per-bank concurrency
// limit, and a sweeper that re-sends a job only for a run that has none.
import { afterAll, describe, expect, it } from "vitest";
import { pool } from "@/lib/db/client";
import { claim } from "@/lib/sync/claim";
import { SYNC_QUEUE, boss, enqueueRun, stopBoss } from "@/lib/sync/queue";
import { scheduleDueSyncs, sweepStaleRuns } from "@/lib/sync/scheduler";
import { insertTrackedAccounts, retireTestAccounts } from "@/testing/support/sync/accounts";
import { makePerson } from "@/testing/support/fixtures";

// Every account this file creates, so it can leave nothing behind: it queues runs (with pg-boss jobs)
// that it never executes, and a worker started by a later file (crash.integration spawns
// `npm run worker`) would otherwise inherit that backlog and spend its time on it.
const created: string[] = [];
async function insertAccounts(...args: Parameters<typeof insertTrackedAccounts>): Promise<string[]> {
  const ids = await insertTrackedAccounts(...args);
  created.push(...ids);
  return ids;
}

afterAll(async () => {
  await retireTestAccounts(created, SYNC_QUEUE);
  await stopBoss();
});

const banks = (bankId: string, count: number) => Array.from({ length: count }, () => ({ bankId }));

async function runsOf(accountIds: string[]) {
  // xmin: the transaction that inserted the row.
  const { rows } = await pool().query<{ id: string; account_id: string; created_at: Date; xmin: string }>(
    "SELECT id, account_id, created_at, xmin::text FROM sync_runs WHERE account_id = ANY($1::uuid[])",
    [accountIds],
  );
  return rows;
}

async function jobsPerRun(runIds: string[]): Promise<Map<string, number>> {
  const { rows } = await pool().query<{ run_id: string; jobs: number }>(
    `SELECT data->>'runId' AS run_id, count(*)::int AS jobs FROM pgboss.job
      WHERE name = $1 AND data->>'runId' = ANY($2::text[]) AND state IN ('created', 'retry', 'active') GROUP BY 1`,
    [SYNC_QUEUE, runIds],
  );
  return new Map(rows.map((r) => [r.run_id, r.jobs]));
}

describe("scheduling due accounts", () => {
  it("claims due accounts in batches: one transaction per batch, every run with exactly one job", async () => {
    const p = await makePerson("batch");
    const ids = await insertAccounts(p.scopeId, p.userId, banks("sbx-be-01", 25));
    expect(await scheduleDueSyncs(new Date(), 10)).toBe(25);
    const runs = await runsOf(ids);
    expect(runs).toHaveLength(25);
    // Runs made in one transaction share its id (xmin). 25 in batches of 10 → 3.
    const batches = new Set(runs.map((r) => r.xmin));
    expect(batches.size).toBe(3);
    const jobs = await jobsPerRun(runs.map((r) => r.id));
    expect(runs.map((r) => jobs.get(r.id))).toEqual(Array(25).fill(1));
    // Moved on: nothing is due any more.
    expect(await scheduleDueSyncs(new Date(), 10)).toBe(0);
  });

  it("two schedulers at once never schedule one account twice", async () => {
    const p = await makePerson("race");
    const ids = await insertAccounts(p.scopeId, p.userId, banks("sbx-be-02", 40));
    const counts = await Promise.all([scheduleDueSyncs(new Date(), 7), scheduleDueSyncs(new Date(), 7)]);
    expect(counts[0] + counts[1]).toBe(40);
    const runs = await runsOf(ids);
    expect(new Set(runs.map((r) => r.account_id)).size).toBe(40);
    expect(runs).toHaveLength(40);
  });

  it("is fair across scopes: every scope's first due account is started before any scope's second", async () => {
    const big = await makePerson("big");
    const small = await makePerson("small");
    const tiny = await makePerson("tiny");
    // The big scope's accounts were due first, so oldest-first ordering would put all 30 ahead.
    const early = new Date(Date.now() - 3_600_000);
    const bigIds = await insertAccounts(
      big.scopeId,
      big.userId,
      Array.from({ length: 30 }, () => ({ bankId: "sbx-nl-01", nextScheduledAt: early })),
    );
    const smallIds = await insertAccounts(small.scopeId, small.userId, banks("sbx-nl-01", 2));
    const tinyIds = await insertAccounts(tiny.scopeId, tiny.userId, banks("sbx-nl-01", 1));
    // Batches of 4: the first batch already holds a turn of every scope.
    expect(await scheduleDueSyncs(new Date(), 4)).toBe(33);
    const runs = await runsOf([...bigIds, ...smallIds, ...tinyIds]);
    const scopeOf = new Map<string, string>();
    for (const r of runs)
      scopeOf.set(r.id, bigIds.includes(r.account_id) ? "big" : smallIds.includes(r.account_id) ? "small" : "tiny");
    // The order workers take jobs in (pg-boss: priority, then age).
    const { rows } = await pool().query<{ run_id: string }>(
      `SELECT data->>'runId' AS run_id FROM pgboss.job WHERE name = $1 AND data->>'runId' = ANY($2::text[])
        ORDER BY priority DESC, created_on, id`,
      [SYNC_QUEUE, runs.map((r) => r.id)],
    );
    const order = rows.map((r) => scopeOf.get(r.run_id));
    expect(order.slice(0, 3).sort()).toEqual(["big", "small", "tiny"]);
    expect(order.slice(3, 5).sort()).toEqual(["big", "small"]);
    expect(order.slice(5)).toEqual(Array(28).fill("big"));
  });
});

describe("where the next automatic update falls", () => {
  const GAP = 86_400 / 3; // insertTrackedAccounts tracks at 3 updates a day
  const SLACK = 15 * 60;
  const nextOf = async (ids: string[]) =>
    new Map(
      (
        await pool().query<{ id: string; at: Date }>(
          "SELECT id, next_scheduled_at AS at FROM tracked_accounts WHERE id = ANY($1::uuid[])",
          [ids],
        )
      ).rows.map((r) => [r.id, r.at.getTime() / 1000]),
    );
  const phaseOf = (id: string) => parseInt(id.replaceAll("-", "").slice(0, 8), 16) % GAP;

  it("a fleet due at once is spread over the day: each account on its own slot, a gap to two gaps on", async () => {
    const p = await makePerson("spread");
    const ids = await insertAccounts(p.scopeId, p.userId, banks("sbx-pt-01", 240));
    // Now, not a moment ahead: a later `now` would also schedule other files' accounts due before it.
    const now = new Date();
    expect(await scheduleDueSyncs(now, 100)).toBe(240);
    const earliest = now.getTime() / 1000 + GAP - SLACK;
    const next = await nextOf(ids);
    const buckets = Array<number>(8).fill(0);
    for (const id of ids) {
      const at = next.get(id)!;
      expect(at).toBeGreaterThanOrEqual(earliest);
      expect(at).toBeLessThan(earliest + GAP);
      expect(((at % GAP) + GAP) % GAP, `account ${id} on its own slot`).toBe(phaseOf(id));
      buckets[Math.floor(((at - earliest) / GAP) * 8)] += 1;
    }
    // 240 random ids in eighths of the gap: 30 each on average; none empty, none near all of them.
    expect(Math.min(...buckets)).toBeGreaterThan(5);
    expect(Math.max(...buckets)).toBeLessThan(80);
  });

  it("an account scheduled on time, or a few minutes late, keeps its slot: the next is one gap on", async () => {
    const p = await makePerson("onslot");
    const [id] = await insertAccounts(p.scopeId, p.userId, banks("sbx-pt-02", 1));
    // One of its slots an hour or more ago (scheduling at a time past, never ahead: see above).
    const phase = phaseOf(id);
    const slot = Math.floor((Date.now() / 1000 - 3600 - phase) / GAP) * GAP + phase;
    for (const lateSeconds of [0, 90, SLACK - 1]) {
      await pool().query("UPDATE sync_runs SET state = 'failed', finished_at = now() WHERE account_id = $1", [id]);
      await pool().query("UPDATE tracked_accounts SET next_scheduled_at = to_timestamp($2) WHERE id = $1", [id, slot]);
      expect(await scheduleDueSyncs(new Date((slot + lateSeconds) * 1000), 10)).toBe(1);
      expect((await nextOf([id])).get(id)).toBe(slot + GAP);
    }
  });
});

describe("per-bank concurrency", () => {
  it("at most the limit of one bank's runs run at once, across concurrent claims; other banks are not held up", async () => {
    const p = await makePerson("banklimit");
    const ids = await insertAccounts(p.scopeId, p.userId, [...banks("sbx-de-01", 6), ...banks("sbx-de-02", 1)]);
    await scheduleDueSyncs(new Date(), 100);
    const runs = await runsOf(ids);
    const atBank = runs.filter((r) => ids.indexOf(r.account_id) < 6);
    const other = runs.find((r) => ids.indexOf(r.account_id) === 6)!;
    const results = await Promise.all(atBank.map((r, i) => claim(r.id, `worker-${i}`, 2)));
    const claimed = results.filter((r) => r !== null && !("bankBusy" in r));
    const busy = results.filter((r) => r !== null && "bankBusy" in r);
    expect([claimed.length, busy.length]).toEqual([2, 4]);
    const running = await pool().query<{ n: number }>(
      "SELECT count(*)::int AS n FROM sync_runs WHERE id = ANY($1::uuid[]) AND state = 'running'",
      [atBank.map((r) => r.id)],
    );
    expect(running.rows[0].n).toBe(2);
    const elsewhere = await claim(other.id, "worker-x", 2);
    expect(elsewhere && !("bankBusy" in elsewhere) ? elsewhere.id : null).toBe(other.id);
  });
});

describe("the stale-run sweeper", () => {
  it("under a backlog, re-sends a job only for runs that have none (bounded, not once per sweep)", async () => {
    await boss();
    const p = await makePerson("backlog");
    const ids = await insertAccounts(p.scopeId, p.userId, banks("sbx-fr-01", 30));
    await scheduleDueSyncs(new Date(), 100);
    const runs = await runsOf(ids);
    // Waiting their turn for 10 minutes: old, but their jobs are queued.
    await pool().query("UPDATE sync_runs SET created_at = now() - interval '10 minutes' WHERE id = ANY($1::uuid[])", [
      runs.map((r) => r.id),
    ]);
    // One lost its job; one was running on a worker that died.
    const [lost, dead] = runs;
    await pool().query("DELETE FROM pgboss.job WHERE name = $1 AND data->>'runId' = $2", [SYNC_QUEUE, lost.id]);
    await pool().query(
      "UPDATE sync_runs SET state = 'running', worker_id = 'dead', heartbeat_at = now() - interval '10 minutes' WHERE id = $1",
      [dead.id],
    );
    await pool().query("UPDATE pgboss.job SET state = 'active' WHERE name = $1 AND data->>'runId' = $2", [
      SYNC_QUEUE,
      dead.id,
    ]);
    const sent = [await sweepStaleRuns(60), await sweepStaleRuns(60), await sweepStaleRuns(60)];
    const mine = (await runsOf(ids)).map((r) => r.id);
    const jobs = await jobsPerRun(mine);
    expect(mine.filter((id) => id !== dead.id).map((id) => jobs.get(id))).toEqual(Array(29).fill(1));
    // The dead worker's job is still active; one new job was added for the run, once.
    expect(jobs.get(dead.id)).toBe(2);
    expect(sent[1] + sent[2]).toBe(0);
    expect(sent[0]).toBeGreaterThanOrEqual(2);
  });

  it("a queued run's job already sent is not sent again", async () => {
    const p = await makePerson("sent");
    const [id] = await insertAccounts(p.scopeId, p.userId, banks("sbx-fr-02", 1));
    await pool().query(
      `INSERT INTO sync_runs (id, scope_id, account_id, trigger, attended, created_at)
       VALUES (gen_random_uuid(), $1, $2, 'manual', false, now() - interval '1 hour')`,
      [p.scopeId, id],
    );
    const [run] = await runsOf([id]);
    await enqueueRun(run.id);
    await sweepStaleRuns(60);
    expect((await jobsPerRun([run.id])).get(run.id)).toBe(1);
  });

  it("a queued run whose job a worker took and never claimed (the database lost between) gets a new job after the stale time", async () => {
    const p = await makePerson("unclaimed");
    const [old, fresh] = await insertAccounts(p.scopeId, p.userId, banks("sbx-fr-03", 2));
    for (const id of [old, fresh])
      await pool().query(
        `INSERT INTO sync_runs (id, scope_id, account_id, trigger, attended, created_at)
         VALUES (gen_random_uuid(), $1, $2, 'manual', false, now() - interval '10 minutes')`,
        [p.scopeId, id],
      );
    const [oldRun, freshRun] = [(await runsOf([old]))[0], (await runsOf([fresh]))[0]];
    await enqueueRun(oldRun.id);
    await enqueueRun(freshRun.id);
    // Both jobs taken by a worker; one 5 minutes ago (its run never claimed), one just now.
    await pool().query(
      `UPDATE pgboss.job SET state = 'active',
              started_on = CASE WHEN data->>'runId' = $2 THEN now() - interval '5 minutes' ELSE now() END
        WHERE name = $1 AND data->>'runId' IN ($2, $3)`,
      [SYNC_QUEUE, oldRun.id, freshRun.id],
    );
    await sweepStaleRuns(60);
    await sweepStaleRuns(60);
    const jobs = await jobsPerRun([oldRun.id, freshRun.id]);
    expect(jobs.get(oldRun.id)).toBe(2);
    expect(jobs.get(freshRun.id)).toBe(1);
  });
});
