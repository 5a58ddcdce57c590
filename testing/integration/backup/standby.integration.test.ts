// A real read replica: a streaming standby started from a backup of the running cluster
// (lib/backup/standby.ts), named by DATABASE_REPLICA_URL. With its replay paused the lag is seen
// (the standby lacks the sync's rows); a page read right after "Synced" still shows them (the read
// waited for the replica's replay of the account's writes, then took the primary); the figures
// computed on the lagging standby are answered but never cached under the primary's versions. Once
// replay resumes and the lag is waited out, the same reads are served by the standby.
import { rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as statsRoute from "@/app/api/accounttracking/v1/accounts/[id]/stats/route";
import * as transactionsRoute from "@/app/api/accounttracking/v1/accounts/[id]/transactions/route";
import { readPoolAfterWrites } from "@/lib/accounttracking/accounts/read-after-writes";
import { startStandby } from "@/lib/backup/standby";
import { disconnect, pool, readPool } from "@/lib/db/client";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";
import { connectedConsent, trackedAccount } from "@/testing/support/bank-flow";
import { bearer, call } from "@/testing/support/http";
import { withSandboxBank } from "@/testing/support/sandbox-server";
import { executeOnce } from "@/testing/support/sync-runs";

withSandboxBank();

// Under .data: the clusters run as the system user postgres, who cannot enter a root-only tmp dir.
const root = path.resolve(".data/test", `standby-${process.pid}`);
const testUrl = process.env.DATABASE_URL;
let primary: EmbeddedDatabase;
let standby: EmbeddedDatabase & { slot: string };
let standbyAdmin: pg.Client;

const asPostgres = (url: string) => Object.assign(new URL(url), { pathname: "/postgres" }).toString();

beforeAll(async () => {
  rmSync(root, { recursive: true, force: true });
  primary = await startEmbeddedPostgres({ dir: path.join(root, "primary", "pg"), database: "ledgerlink" });
  await migrate(primary.url);
  standby = await startStandby({
    primaryUrl: asPostgres(primary.url),
    primaryAppUrl: primary.url,
    primaryDataDir: path.join(root, "primary"),
    dataDir: path.join(root, "standby"),
  });
  standbyAdmin = new pg.Client({ connectionString: asPostgres(standby.url) });
  await standbyAdmin.connect();
  await disconnect();
  process.env.DATABASE_URL = primary.url;
  process.env.DATABASE_REPLICA_URL = standby.url;
}, 120_000);

afterAll(async () => {
  await disconnect();
  process.env.DATABASE_URL = testUrl;
  delete process.env.DATABASE_REPLICA_URL;
  await standbyAdmin?.end();
  await standby?.stop();
  await primary?.stop();
  rmSync(root, { recursive: true, force: true });
});

/** Replay position of the standby against the primary's WAL: caught up when true. */
async function caughtUp(): Promise<boolean> {
  const at = (await pool().query<{ lsn: string }>("SELECT pg_current_wal_lsn()::text AS lsn")).rows[0].lsn;
  const { rows } = await standbyAdmin.query<{ ok: boolean }>("SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS ok", [
    at,
  ]);
  return rows[0].ok;
}

const countOn = async (db: Pick<pg.Pool, "query">, accountId: string) =>
  (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM transactions WHERE account_id = $1", [accountId]))
    .rows[0].n;

describe("a streaming standby as the read replica", () => {
  it("is a physical standby of the primary, streaming through its slot", async () => {
    expect((await standbyAdmin.query<{ r: boolean }>("SELECT pg_is_in_recovery() AS r")).rows[0].r).toBe(true);
    // A standby answers reads before its WAL receiver has reached the primary (a CI run asked in
    // between and saw no sender yet): wait for the primary to show it streaming.
    const senders = async () =>
      (
        await pool().query<{ state: string; slot: string }>(
          `SELECT s.state, r.slot_name AS slot FROM pg_stat_replication s JOIN pg_replication_slots r ON r.active_pid = s.pid`,
        )
      ).rows;
    await expect
      .poll(senders, { timeout: 30_000, interval: 100 })
      .toEqual([{ state: "streaming", slot: standby.slot }]);
  });

  it("lag seen and waited out: no stale page after Synced, no lagging figure cached", async () => {
    const c = await connectedConsent("alice");
    const { account, run } = await trackedAccount(c);
    const headers = bearer(c.person.token, c.person.scopeId);
    await expect.poll(caughtUp, { timeout: 30_000, interval: 50 }).toBe(true);

    // The standby stops replaying: what the sync writes now is on the primary only.
    await standbyAdmin.query("SELECT pg_wal_replay_pause()");
    const synced = await executeOnce(run.id);
    expect(synced.state).toBe("succeeded");
    const rows = await countOn(pool(), account.id);
    expect(rows).toBeGreaterThan(300);
    expect(await countOn(readPool(), account.id)).toBe(0); // the lag, seen
    expect(await caughtUp()).toBe(false);

    // Right after "Synced": the page has the new rows — the replica had not replayed them, so the primary answered.
    expect(await readPoolAfterWrites(account.id, 50)).toBe(pool());
    const page = await call<{ data: { id: string }[] }>(
      transactionsRoute.GET,
      "GET",
      `/api/accounttracking/v1/accounts/${account.id}/transactions`,
      { headers, params: { id: account.id }, query: "perPage=500" },
    );
    expect(page.status).toBe(200);
    expect(page.json.data.length).toBe(Math.min(rows, 500));

    // The figures are read where heavy reads go: the lagging standby's are answered, never cached.
    const lagging = await call<{ data: { counts: { booked: number } } }>(statsRoute.GET, "GET", "x", {
      headers,
      params: { id: account.id },
    });
    expect(lagging.json.data.counts.booked).toBe(0);
    const cachedAt = async () =>
      (
        await pool().query<{ v: string }>(
          "SELECT account_version::text AS v FROM account_stats_cache WHERE account_id = $1",
          [account.id],
        )
      ).rows[0]?.v ?? null;
    const primaryVersion = (
      await pool().query<{ v: string }>("SELECT version::text AS v FROM stats_versions WHERE subject_id = $1", [
        account.id,
      ])
    ).rows[0].v;
    expect(await cachedAt()).not.toBe(primaryVersion);

    // Replay resumes; the lag is waited out (on the condition), and the standby serves the same reads.
    await standbyAdmin.query("SELECT pg_wal_replay_resume()");
    await expect.poll(() => countOn(readPool(), account.id), { timeout: 30_000, interval: 50 }).toBe(rows);
    expect(await readPoolAfterWrites(account.id)).toBe(readPool());
    expect(readPool()).not.toBe(pool());
    const fresh = await call<{ data: { counts: { booked: number } } }>(statsRoute.GET, "GET", "x", {
      headers,
      params: { id: account.id },
    });
    expect(fresh.json.data.counts.booked).toBeGreaterThan(0);
    expect(await cachedAt()).toBe(primaryVersion);
  }, 120_000);
});
