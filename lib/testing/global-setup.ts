// Vitest global setup: a real PostgreSQL (the embedded cluster under .data/test, or
// TEST_DATABASE_URL) with a fresh database per run, migrated. Workers get its URL via provide().
import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    authSecret: string;
  }
}

export default async function setup(project: TestProject) {
  const name = `ledgerlink_test_${Date.now()}_${process.pid}`;
  let serverUrl = process.env.TEST_DATABASE_URL;
  let stopCluster = async () => undefined as void;
  if (!serverUrl) {
    const cluster = await startEmbeddedPostgres({ dir: path.resolve(".data/test/pg"), database: "postgres", quiet: true });
    serverUrl = cluster.url;
    stopCluster = cluster.stop;
  }
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await migrate(url.toString());

  project.provide("databaseUrl", url.toString());
  project.provide("authSecret", randomBytes(32).toString("base64url"));

  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    await stopCluster();
  };
}
