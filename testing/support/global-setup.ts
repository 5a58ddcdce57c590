// Vitest global setup: a real PostgreSQL (the embedded cluster under .data/test, or
// TEST_DATABASE_URL) with a fresh database per run, migrated, and beside it an empty one for the
// sandbox bank (another system: it creates its own tables). Workers get their URLs via provide().
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    sandboxDatabaseUrl: string;
    authSecret: string;
  }
}

const CLUSTERS = path.resolve(".data/test");

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Each run gets its own cluster (initdb ~1 s), so parallel runs never share one; dead runs' clusters are removed. */
function clusterDir(): string {
  if (existsSync(CLUSTERS)) {
    for (const name of readdirSync(CLUSTERS)) {
      const pid = Number(/^pg-(\d+)$/.exec(name)?.[1]);
      if (pid && !isAlive(pid)) rmSync(path.join(CLUSTERS, name), { recursive: true, force: true });
      if (name === "pg") rmSync(path.join(CLUSTERS, name), { recursive: true, force: true });
    }
  }
  return path.join(CLUSTERS, `pg-${process.pid}`);
}

export default async function setup(project: TestProject) {
  const name = `ledgerlink_test_${Date.now()}_${process.pid}`;
  let serverUrl = process.env.TEST_DATABASE_URL;
  let stopCluster = (): Promise<void> => Promise.resolve();
  if (!serverUrl) {
    const dir = clusterDir();
    const cluster = await startEmbeddedPostgres({ dir, database: "postgres" });
    serverUrl = cluster.url;
    stopCluster = async () => {
      await cluster.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.query(`CREATE DATABASE "${name}_bank"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await migrate(url.toString());
  const bankUrl = new URL(serverUrl);
  bankUrl.pathname = `/${name}_bank`;

  project.provide("databaseUrl", url.toString());
  project.provide("sandboxDatabaseUrl", bankUrl.toString());
  project.provide("authSecret", randomBytes(32).toString("base64url"));

  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS "${name}_bank" WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    await stopCluster();
  };
}
