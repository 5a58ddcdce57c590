// Operating the embedded default, as its operator does: `npm start` is ready (database, migrations,
// a worker polling) and scrapeable (/api/metrics behind METRICS_TOKEN, the worker's counters
// included); `npm run backup` while a 20,000-row sync writes; `npm run restore` refuses the live
// data directory and fills a new one, where `npm start` opens at the backup's point — the people
// sign in, and the syncing account holds exactly the rows its run had written (no page half there).
// Readiness turns 503 naming the database when the cluster stops under the running app, and 200
// when it is back. The spec starts every process itself, on ports and data directories of its own.
import { execFile } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { type APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/project-servers";
import { livePostmaster, startEmbeddedPostgres, type EmbeddedDatabase } from "../lib/db/embedded";
import { startScript, type ScriptProcess } from "../testing/support/script-process";
import { connectBank, runEnded, syncStatus, trackAccount } from "./support/connect";
import { dataOf } from "./support/envelope";
import { signedInPerson } from "./support/person";
import { OPERATE_DATA_DIR, OPERATE_PORT, RESTORED_DATA_DIR, RESTORED_PORT } from "./support/topology";

const run = promisify(execFile);
const TOKEN = "operate-spec-metrics-token";
const FILE = path.resolve(`${OPERATE_DATA_DIR}-backup.tar.gz`);
const DEMO = { grantType: "password", email: "demo@ledgerlink.test", password: "ledgerlink-demo" };

function start(port: number, dataDir: string, extra: Record<string, string> = {}): ScriptProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    METRICS_TOKEN: TOKEN,
    LOG_LEVEL: "warn",
    ...extra,
  };
  for (const key of ["DATABASE_URL", "SANDBOX_BANK_URL", "WORKER_METRICS_PORT"]) delete env[key];
  return startScript("start", env, { captureStderr: true });
}

/** `npm run backup` / `npm run restore` as the operator runs them: the script itself, under tsx. */
async function script(file: string, args: string[], dataDir: string): Promise<{ code: number; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", file, ...args], { env });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

async function ready(api: APIRequestContext) {
  const res = await api.get("/api/health/ready");
  return { status: res.status(), body: (await res.json()) as { error?: { details: Record<string, string[]> } } };
}

test("ready, scraped, backed up mid-sync, restored and signed in; readiness follows the database", async ({
  playwright,
}) => {
  test.setTimeout(600_000);
  for (const dir of [OPERATE_DATA_DIR, RESTORED_DATA_DIR]) rmSync(dir, { recursive: true, force: true });
  rmSync(FILE, { force: true });
  const base = `http://localhost:${OPERATE_PORT}`;
  const app = start(OPERATE_PORT, OPERATE_DATA_DIR);
  let restarted: EmbeddedDatabase | null = null;
  let accountId = "";
  let apiKeyOfDemo = "";
  try {
    await app.ready;
    apiKeyOfDemo = /API key:\s+(\S+)/.exec(app.output())?.[1] ?? "";
    const api = await playwright.request.newContext({ baseURL: base });
    expect((await ready(api)).status).toBe(200);

    // A person connects bulk-20000 (20,000 transactions); the backup is taken while its sync writes.
    const person = await signedInPerson(api, base, "Operate");
    const connection = await connectBank(api, person, "bulk-20000");
    accountId = (await trackAccount(api, person.session, connection)).account.id;
    await expect.poll(async () => (await syncStatus(api, person.session, accountId)).progress.pages).toBeGreaterThan(0);
    expect((await syncStatus(api, person.session, accountId)).state).toBe("running");
    const backup = await script("scripts/backup.ts", [FILE], OPERATE_DATA_DIR);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/sha256: +[0-9a-f]{64}/);
    expect((await runEnded(api, person.session, accountId)).progress.added).toBe(20_000);

    // The scrape: 401 without the token; with it, the worker's sync counters and the queue.
    expect((await api.get("/api/metrics")).status()).toBe(401);
    const scrape = await (await api.get("/api/metrics", { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    expect(scrape).toMatch(
      /^ledgerlink_sync_runs_total\{integration="sandbox",outcome="succeeded",process="worker"\} [1-9]/m,
    );
    expect(scrape).toMatch(/^ledgerlink_worker_metrics_up\{process="server"\} 1$/m);
    expect(scrape).toMatch(/^ledgerlink_sync_queue_depth\{process="server"\} \d+$/m);
    expect(scrape).not.toContain(accountId);

    // Restore: never over the live directory; into a new one, verified.
    const overLive = await script("scripts/restore.ts", [FILE, "--data-dir", OPERATE_DATA_DIR], OPERATE_DATA_DIR);
    expect(overLive.code).toBe(1);
    expect(overLive.output).toMatch(/PostgreSQL is running on .* A restore never overwrites a live cluster/);
    const restore = await script("scripts/restore.ts", [FILE, "--data-dir", RESTORED_DATA_DIR], OPERATE_DATA_DIR);
    expect(restore.code, restore.output).toBe(0);

    // Readiness follows the database: stopped under the running app (fast shutdown), then back.
    const clusterDir = path.join(OPERATE_DATA_DIR, "pg", "cluster");
    const postmaster = livePostmaster(clusterDir);
    expect(postmaster).not.toBeNull();
    process.kill(postmaster ?? 0, "SIGINT");
    await expect.poll(() => livePostmaster(clusterDir)).toBeNull();
    const down = await ready(api);
    expect(down.status).toBe(503);
    expect(Object.keys(down.body.error?.details ?? {})).toEqual(["database"]);
    restarted = await startEmbeddedPostgres({ dir: path.join(OPERATE_DATA_DIR, "pg"), database: "ledgerlink" });
    await expect.poll(async () => (await ready(api)).status, { timeout: 60_000 }).toBe(200);
  } finally {
    const exit = await app.stop("SIGTERM");
    await restarted?.stop();
    expect(exit).toEqual({ code: 0, signal: null });
  }

  // The copy, on ports of its own and without a worker (its state stays the backup's).
  const copy = start(RESTORED_PORT, RESTORED_DATA_DIR, { SYNC_IN_APP: "0" });
  try {
    await copy.ready;
    expect(copy.output()).not.toContain("Demo data created");
    const api = await playwright.request.newContext({ baseURL: `http://localhost:${RESTORED_PORT}` });
    expect((await api.post("/api/auth/v1/token", { data: DEMO })).status()).toBe(200);
    // The demo's API key, stored as a hash under the restored secret, still opens its scope.
    const scopes = await api.get("/api/scopes/v1", { headers: { authorization: `Bearer ${apiKeyOfDemo}` } });
    expect(scopes.status()).toBe(200);
    expect((await dataOf<unknown[]>(scopes)).length).toBe(1);

    // The syncing account: exactly the rows of the pages its run had recorded at the backup's point.
    const db = await startEmbeddedPostgres({ dir: path.join(RESTORED_DATA_DIR, "pg"), database: "ledgerlink" });
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ added: number; pages: number; rows: number }>(
        `SELECT r.added, r.pages, (SELECT count(*)::int FROM transactions t WHERE t.account_id = r.account_id) AS rows
           FROM sync_runs r WHERE r.account_id = $1 ORDER BY r.created_at DESC LIMIT 1`,
        [accountId],
      );
      expect(rows[0].pages).toBeGreaterThan(0);
      expect(rows[0].rows).toBe(rows[0].added);
    } finally {
      await client.end();
      await db.stop();
    }
  } finally {
    expect(await copy.stop("SIGTERM")).toEqual({ code: 0, signal: null });
  }
});
