// Vitest global setup: a real PostgreSQL (the embedded cluster under .data/test, or
// TEST_DATABASE_URL) with fresh databases per run. One database is migrated once and is the template
// of each worker's own: every worker (VITEST_POOL_ID, 1..maxWorkers) gets a copy of it and, beside
// it, an empty one for the sandbox bank (another system: it creates its own tables). Files in one
// worker run one after another on that worker's pair, as the whole run once did on one pair, so no
// file sees another worker's rows, bank clock or queue. Workers get their URLs via provide().
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";
import { planTestBanks } from "@/testing/support/test-banks-env";

declare module "vitest" {
  export interface ProvidedContext {
    /** Per worker (index VITEST_POOL_ID - 1): the app's database and the sandbox bank's. */
    databaseUrls: string[];
    sandboxDatabaseUrls: string[];
    /** The migrated database the workers' are copies of (for a file that wants another copy). */
    templateDatabase: string;
    authSecret: string;
    /** Where the banks' fakes keep the credentials made once a run (test-banks-env.ts). */
    banksDataDir: string;
  }
}

const CLUSTERS = path.resolve(".data/test");

const pidIsAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/**
 * Each run gets a directory of its own (its cluster, initdb ~1 s, and the banks' credentials), so
 * parallel runs never share one; dead runs' directories are removed.
 */
function runDir(): string {
  if (existsSync(CLUSTERS)) {
    for (const name of readdirSync(CLUSTERS)) {
      const pid = Number(/^(?:pg|run)-(\d+)$/.exec(name)?.[1]);
      if ((pid && !pidIsAlive(pid)) || name === "pg")
        rmSync(path.join(CLUSTERS, name), { recursive: true, force: true });
    }
  }
  const dir = path.join(CLUSTERS, `run-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** How many workers the run may start: one database pair each. */
function workerCount(project: TestProject): number {
  const configured = project.config.maxWorkers ?? project.vitest.config.maxWorkers;
  return Math.max(1, typeof configured === "number" ? configured : os.availableParallelism());
}

export default async function setup(project: TestProject) {
  const name = `ledgerlink_test_${Date.now()}_${process.pid}`;
  const dir = runDir();
  let serverUrl = process.env.TEST_DATABASE_URL;
  let stopCluster = (): Promise<void> => Promise.resolve();
  if (!serverUrl) {
    const cluster = await startEmbeddedPostgres({ dir: path.join(dir, "pg"), database: "postgres" });
    serverUrl = cluster.url;
    stopCluster = () => cluster.stop();
  }
  const urlOf = (database: string) => {
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    return url.toString();
  };
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const template = `${name}_template`;
  await admin.query(`CREATE DATABASE "${template}"`);
  await migrate(urlOf(template));
  const workers = Array.from({ length: workerCount(project) }, (_, i) => `${name}_w${i + 1}`);
  for (const worker of workers) {
    await admin.query(`CREATE DATABASE "${worker}" TEMPLATE "${template}"`);
    await admin.query(`CREATE DATABASE "${worker}_bank"`);
  }

  project.provide(
    "databaseUrls",
    workers.map((w) => urlOf(w)),
  );
  project.provide(
    "sandboxDatabaseUrls",
    workers.map((w) => urlOf(`${w}_bank`)),
  );
  project.provide("templateDatabase", template);
  project.provide("authSecret", randomBytes(32).toString("base64url"));
  // The fakes' key pair and secrets, made here once (the origin does not matter to them).
  const banksDataDir = path.join(dir, "banks");
  mkdirSync(banksDataDir, { recursive: true });
  planTestBanks("http://127.0.0.1:1", banksDataDir, null);
  project.provide("banksDataDir", banksDataDir);

  return async () => {
    // Every database named after this run: those made here, and any a test file made for itself
    // from the template (named after it, as the metrics test's is).
    const { rows } = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE starts_with(datname, $1)",
      [name],
    );
    for (const { datname } of rows)
      await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    await stopCluster();
    rmSync(dir, { recursive: true, force: true });
  };
}
