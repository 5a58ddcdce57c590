// A run whose bank is at our per-bank concurrency limit is deferred, not run: it comes back after a
// growing, jittered wait (its job delayed, and its row not claimable before then either), and after
// MAX_BANK_BUSY_DEFERRALS deferrals it fails, saying why, instead of waiting forever.
import { afterAll, describe, expect, it } from "vitest";
import { pool, prisma } from "@/lib/db/client";
import { env } from "@/lib/env";
import { MAX_BANK_BUSY_DEFERRALS } from "@/lib/sync/backoff";
import { SYNC_QUEUE, stopBoss } from "@/lib/sync/queue";
import { executeRun } from "@/lib/sync/runner";
import { makePerson } from "@/testing/support/fixtures";
import { insertTrackedAccounts, retireTestAccounts } from "@/testing/support/sync/accounts";

const created: string[] = [];

afterAll(async () => {
  await retireTestAccounts(created, SYNC_QUEUE);
  await stopBoss();
});

/** One bank kept at its limit by running runs of other accounts, and one more run of it, queued. */
async function busyBank() {
  const p = await makePerson("busy");
  const bankId = `sbx-busy-${crypto.randomUUID().slice(0, 8)}`;
  const ids = await insertTrackedAccounts(
    p.scopeId,
    p.userId,
    Array.from({ length: env.SYNC_BANK_CONCURRENCY + 1 }, () => ({ bankId })),
  );
  created.push(...ids);
  const { rows } = await pool().query<{ id: string; account_id: string }>(
    `INSERT INTO sync_runs (id, scope_id, account_id, trigger, attended)
     SELECT gen_random_uuid(), $1, a, 'scheduled', false FROM unnest($2::uuid[]) AS a RETURNING id, account_id`,
    [p.scopeId, ids],
  );
  const waiting = rows.find((r) => r.account_id === ids.at(-1))!.id;
  await pool().query(
    "UPDATE sync_runs SET state = 'running', worker_id = 'elsewhere', heartbeat_at = now() WHERE id = ANY($1::uuid[])",
    [rows.filter((r) => r.id !== waiting).map((r) => r.id)],
  );
  return waiting;
}

/** Seconds from now until the run's newest job may start, and until the run itself may be claimed. */
async function delays(runId: string) {
  const { rows } = await pool().query<{ job: number; row: number | null }>(
    `SELECT extract(epoch FROM j.start_after - now())::float8 AS job, extract(epoch FROM r.not_before - now())::float8 AS row
       FROM pgboss.job j JOIN sync_runs r ON r.id::text = j.data->>'runId'
      WHERE j.name = $1 AND j.data->>'runId' = $2 ORDER BY j.created_on DESC LIMIT 1`,
    [SYNC_QUEUE, runId],
  );
  return rows[0];
}

const runOf = (id: string) => prisma().syncRun.findUniqueOrThrow({ where: { id } });

describe("a run whose bank is busy", () => {
  it("is deferred with a growing, jittered wait that its row honours too, and fails with the reason after the cap", async () => {
    const runId = await busyBank();
    const waits: number[] = [];
    for (let deferral = 1; deferral <= 4; deferral += 1) {
      await executeRun(runId, "test-worker");
      const run = await runOf(runId);
      expect([run.state, run.deferrals, run.attempts]).toEqual(["queued", deferral, 0]);
      const { job, row } = await delays(runId);
      // 2 s doubling per deferral, ±25 %.
      const nominal = 2 * 2 ** (deferral - 1);
      expect(job).toBeGreaterThan(nominal * 0.75 - 1);
      expect(job).toBeLessThanOrEqual(nominal * 1.25 + 1);
      // The row is not claimable before its job is due: a job re-sent by the sweeper cannot run it early.
      expect(row).not.toBeNull();
      expect(Math.abs(row! - job)).toBeLessThan(1.5);
      waits.push(job);
      // Due again now (the test moves the row's clock rather than sleeping).
      await pool().query("UPDATE sync_runs SET not_before = now() - interval '1 second' WHERE id = $1", [runId]);
    }
    expect(waits[3]).toBeGreaterThan(waits[0]);

    // Deferred as often as allowed: the next time, the run gives up with the reason, and nothing was asked of the bank.
    await pool().query("UPDATE sync_runs SET deferrals = $2 WHERE id = $1", [runId, MAX_BANK_BUSY_DEFERRALS]);
    await executeRun(runId, "test-worker");
    const ended = await runOf(runId);
    expect([ended.state, ended.attempts]).toEqual(["failed", 0]);
    expect(ended.finishedAt).not.toBeNull();
    expect(ended.lastError).toMatch(/busy.*stopped/i);
    expect(await prisma().bankAccess.count({ where: { runId } })).toBe(0);
  });
});
