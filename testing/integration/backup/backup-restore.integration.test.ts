// A backup taken while a 20,000-row sync is writing (lib/backup/base-backup.ts) restores into a new
// data directory whose cluster opens at the backup's point: every table's row count, each run's
// progress and the transactions' count and sum per account and currency equal the source's at that
// point. The point is fixed for the comparison at the end of the copy: the test holds SHARE locks
// on every table for the instant of pg_backup_stop and reads the figures in that snapshot; the sync
// writes throughout the copy before it. The restore refuses a live directory and a non-empty one.
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { takeBackup } from "@/lib/backup/base-backup";
import { restoreBackup } from "@/lib/backup/restore";
import { disconnect, pool } from "@/lib/db/client";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";
import { connectedConsent, syncedAccount, trackedAccount } from "@/testing/support/bank-flow";
import { withSandboxBank } from "@/testing/support/sandbox-server";
import { executeOnce } from "@/testing/support/sync-runs";

withSandboxBank();

// Under .data: the clusters run as the system user postgres, who cannot enter a root-only tmp dir.
const root = path.resolve(".data/test", `backup-${process.pid}`);
const source = path.join(root, "source");
const restored = path.join(root, "restored");
const file = path.join(root, "ledgerlink.tar.gz");
const testUrl = process.env.DATABASE_URL;
let cluster: EmbeddedDatabase;

beforeAll(async () => {
  rmSync(root, { recursive: true, force: true });
  cluster = await startEmbeddedPostgres({ dir: path.join(source, "pg"), database: "ledgerlink" });
  await migrate(cluster.url);
  await disconnect();
  process.env.DATABASE_URL = cluster.url;
}, 60_000);

afterAll(async () => {
  await disconnect();
  process.env.DATABASE_URL = testUrl;
  await cluster?.stop();
  rmSync(root, { recursive: true, force: true });
});

type Figures = {
  tables: Record<string, number>;
  runs: { id: string; state: string; pages: number; added: number }[];
  perAccount: { account_id: string; currency: string; n: number; sum: string }[];
};

async function figures(client: Pick<pg.Client, "query">): Promise<Figures> {
  const { rows: names } = await client.query<{ t: string }>(
    "SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
  );
  const tables: Record<string, number> = {};
  for (const { t } of names)
    tables[t] = (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${t}"`)).rows[0].n;
  const runs = (
    await client.query<Figures["runs"][number]>("SELECT id, state, pages, added FROM sync_runs ORDER BY id")
  ).rows;
  const perAccount = (
    await client.query<Figures["perAccount"][number]>(
      `SELECT account_id, currency, count(*)::int AS n, sum(amount)::text AS sum
         FROM transactions GROUP BY account_id, currency ORDER BY account_id, currency`,
    )
  ).rows;
  return { tables, runs, perAccount };
}

const postgresUrl = (url: string) => Object.assign(new URL(url), { pathname: "/postgres" }).toString();

describe("backup and restore of the embedded cluster", () => {
  it("a backup taken while a 20,000-row sync writes restores to exactly the source at the backup's point", async () => {
    const alice = await connectedConsent("alice");
    await syncedAccount(alice);
    const bulk = await connectedConsent("bulk-20000");
    const { run } = await trackedAccount(bulk);
    // Small pages: the sync writes 200 of them, throughout the backup.
    const syncing = executeOnce(run.id, { pageSize: 100 });
    await expect
      .poll(
        async () =>
          (await pool().query<{ pages: number }>("SELECT pages FROM sync_runs WHERE id = $1", [run.id])).rows[0].pages,
        {
          timeout: 30_000,
          interval: 50,
        },
      )
      .toBeGreaterThanOrEqual(3);

    let atPoint: Figures | null = null;
    let release = (): Promise<void> => Promise.resolve();
    const manifest = await takeBackup({
      clusterUrl: postgresUrl(cluster.url),
      appDatabaseUrl: cluster.url,
      clusterDir: path.join(source, "pg", "cluster"),
      dataDir: source,
      dataDirFiles: ["pg/credentials.json"],
      file,
      beforeStop: async () => {
        const quiet = new pg.Client({ connectionString: cluster.url });
        await quiet.connect();
        await quiet.query("BEGIN ISOLATION LEVEL REPEATABLE READ");
        // In the order a page's transaction first writes them (what the run saw, then the rows), so a
        // page in flight commits and the next one waits; locked the other way round, the two deadlock.
        await quiet.query("LOCK TABLE sync_run_pages, transactions IN SHARE MODE");
        const { rows } = await quiet.query<{ list: string }>(
          "SELECT string_agg(format('%I', tablename), ', ') AS list FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('sync_run_pages', 'transactions')",
        );
        await quiet.query(`LOCK TABLE ${rows[0].list} IN SHARE MODE`);
        atPoint = await figures(quiet);
        release = async () => {
          await quiet.query("ROLLBACK");
          await quiet.end();
        };
      },
    });
    await release();
    const done = await syncing;
    expect(done.state).toBe("succeeded");
    expect(done.added).toBe(20_000);

    const point = atPoint as Figures | null;
    if (!point) throw new Error("the backup never reached pg_backup_stop");
    const bulkAtPoint = point.runs.find((r) => r.id === run.id);
    // The sync was mid-way when the backup ended: some pages written, not all.
    expect(bulkAtPoint?.state).toBe("running");
    expect(bulkAtPoint?.pages).toBeGreaterThan(3);
    expect(bulkAtPoint?.added).toBeLessThan(20_000);
    expect(manifest.postgres.major).toBe(18);
    expect(manifest.migrations.latest).toMatch(/^\d{14}_/);

    await restoreBackup({ file, dataDir: restored });
    const copy = await startEmbeddedPostgres({ dir: path.join(restored, "pg"), database: "ledgerlink" });
    try {
      const client = new pg.Client({ connectionString: copy.url });
      await client.connect();
      try {
        expect(await figures(client)).toEqual(point);
      } finally {
        await client.end();
      }
    } finally {
      await copy.stop();
    }
  }, 180_000);

  it("refuses to restore over the live cluster, or into a directory that holds anything", async () => {
    expect(existsSync(file)).toBe(true);
    await expect(restoreBackup({ file, dataDir: source })).rejects.toMatchObject({
      kind: "restore_refused",
      message: expect.stringMatching(
        /^PostgreSQL is running on .*A restore never overwrites a live cluster/,
      ) as unknown,
    });
    // The live cluster is untouched.
    expect((await pool().query<{ ok: number }>("SELECT 1 AS ok")).rows[0].ok).toBe(1);
    await expect(restoreBackup({ file, dataDir: restored })).rejects.toMatchObject({
      kind: "restore_refused",
      message: expect.stringMatching(/is not empty/) as unknown,
    });
  });
});
