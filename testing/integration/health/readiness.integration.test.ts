// Readiness (GET /api/health/ready): each check fails on its own and is named in the 503 — the
// database (a cluster of this test's own, stopped and started again), the migration level (a
// migration this build ships that the database lacks), the queue (no worker polling; a run left
// running without a heartbeat).
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { GET } from "@/app/api/health/ready/route";
import { disconnect, pool } from "@/lib/db/client";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";
import { readiness, stuckAfterSeconds } from "@/lib/health/readiness";
import { beat } from "@/lib/sync/worker-heartbeat";
import { makePerson } from "@/testing/support/fixtures";
import { storedAccount } from "@/testing/support/stored-account";
import { call } from "@/testing/support/http";

type Ready = { status: string; checks: Record<string, { status: string; detail: string }> };
type NotReady = { error: { code: string; message: string; details: Record<string, string[]> } };

const ready = () => call<Ready & NotReady>(GET, "GET", "/api/health/ready");

beforeEach(async () => {
  await pool().query("DELETE FROM worker_heartbeats");
});

describe("readiness", () => {
  it("is ready with the database up, every migration applied and a worker polling", async () => {
    await beat("test-worker");
    const res = await ready();
    expect(res.status, res.text).toBe(200);
    expect(res.json.status).toBe("ready");
    expect(res.json.checks.database.status).toBe("ok");
    expect(res.json.checks.migrations.status).toBe("ok");
    expect(res.json.checks.queue).toEqual({ status: "ok", detail: "1 worker(s) polling" });
  });

  it("is 503 naming the queue when no worker has been seen lately", async () => {
    await pool().query(
      "INSERT INTO worker_heartbeats (worker_id, started_at, seen_at) VALUES ('gone', now() - interval '1 hour', now() - interval '10 minutes')",
    );
    const res = await ready();
    expect(res.status).toBe(503);
    expect(res.json.error.code).toBe("service_unavailable");
    expect(res.json.error.message).toBe("Not ready: queue failing.");
    expect(Object.keys(res.json.error.details)).toEqual(["queue"]);
    expect(res.json.error.details.queue[0]).toMatch(/no sync worker seen/);
  });

  it("is 503 naming the queue when a run is left running without a heartbeat", async () => {
    await beat("test-worker");
    const person = await makePerson("readiness");
    const { accountId } = await storedAccount(person, 0);
    const settings = { staleSeconds: 60, sweepSeconds: 15 };
    const silentFor = stuckAfterSeconds(settings) + 5;
    const { rows } = await pool().query<{ id: string }>(
      `INSERT INTO sync_runs (id, scope_id, account_id, trigger, attended, state, worker_id, heartbeat_at, started_at)
       VALUES (gen_random_uuid(), $1, $2, 'manual', true, 'running', 'dead-worker', now() - make_interval(secs => $3), now() - interval '1 hour')
       RETURNING id`,
      [person.scopeId, accountId, silentFor],
    );
    try {
      const stuck = await readiness(settings);
      expect(stuck.ready).toBe(false);
      expect(stuck.checks.queue).toEqual({
        status: "failing",
        detail: `1 run(s) running without a heartbeat for over ${stuckAfterSeconds(settings)} s`,
      });
      // Merely due for takeover (silent past SYNC_STALE_SECONDS, the sweeper not yet round) is not stuck.
      await pool().query("UPDATE sync_runs SET heartbeat_at = now() - interval '70 seconds' WHERE id = $1", [
        rows[0].id,
      ]);
      expect((await readiness(settings)).checks.queue.status).toBe("ok");
    } finally {
      await pool().query("DELETE FROM sync_runs WHERE id = $1", [rows[0].id]);
    }
  });

  it("fails the migrations check naming a migration this build ships that the database lacks", async () => {
    await beat("test-worker");
    const dir = mkdtempSync(path.join(os.tmpdir(), "ledgerlink-migrations-"));
    try {
      cpSync(path.resolve("prisma/migrations"), dir, { recursive: true });
      mkdirSync(path.join(dir, "29990101000000_from_the_future"));
      writeFileSync(path.join(dir, "29990101000000_from_the_future", "migration.sql"), "SELECT 1;");
      const result = await readiness({ migrationsDir: dir });
      expect(result.ready).toBe(false);
      expect(result.checks.migrations.status).toBe("failing");
      expect(result.checks.migrations.detail).toMatch(/^1 not applied: 29990101000000_from_the_future/);
      expect(result.checks.database.status).toBe("ok");
      expect(result.checks.queue.status).toBe("ok");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("readiness while the database stops and returns", () => {
  const testUrl = process.env.DATABASE_URL;
  // Under .data (the cluster runs as the system user postgres, who cannot enter a root-only tmp dir).
  const dir = path.resolve(".data/test", `ready-${process.pid}`);
  afterAll(async () => {
    await disconnect();
    process.env.DATABASE_URL = testUrl;
    rmSync(dir, { recursive: true, force: true });
  });

  it("turns 503 naming the database when it stops, and back to 200 when it returns", async () => {
    let cluster = await startEmbeddedPostgres({ dir, database: "ledgerlink" });
    await migrate(cluster.url);
    await disconnect();
    process.env.DATABASE_URL = cluster.url;
    await beat("test-worker");
    expect((await ready()).status).toBe(200);

    await cluster.stop();
    const down = await ready();
    expect(down.status).toBe(503);
    expect(Object.keys(down.json.error.details)).toEqual(["database"]);
    expect(down.json.error.details.database[0]).toMatch(/did not answer/);
    expect(down.json.error.message).toBe("Not ready: database failing.");

    cluster = await startEmbeddedPostgres({ dir, database: "ledgerlink" });
    try {
      expect(new URL(cluster.url).port).toBe(new URL(process.env.DATABASE_URL ?? "").port);
      const back = await ready();
      expect(back.status, back.text).toBe(200);
    } finally {
      await disconnect();
      await cluster.stop();
    }
  });
});
