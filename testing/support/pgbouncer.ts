// PgBouncer (Debian's package, /usr/sbin/pgbouncer) in transaction mode in front of a test cluster:
// what most managed PostgreSQL offerings hand out as their pooled URL. Every transaction may get
// another server connection, so session state (LISTEN, session locks, named statements, startup
// `options`) does not survive it. Started as a child of the test process on a free loopback port; as
// root it runs as the cluster's owner (PgBouncer, like PostgreSQL, refuses to run as root).
import { spawn, type ChildProcess } from "node:child_process";
import { chownSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { clusterOwner } from "@/lib/db/embedded";

export const PGBOUNCER = "/usr/sbin/pgbouncer";

export type PgBouncer = {
  /** `directUrl` with host and port replaced by PgBouncer's. */
  pooledUrl: string;
  /** Stops it: every client connection is cut, new ones are refused, as when a pooler goes away. */
  stop: () => Promise<void>;
  /** Starts it again on the same port (a pooler restart). */
  start: () => Promise<void>;
};

/** A loopback port free at the moment of asking. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });

/** Whether something accepts connections on the loopback port. */
export const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => resolve(socket.end() !== undefined));
    socket.once("error", () => resolve(false));
  });

/** Starts PgBouncer in transaction mode in front of the server of `directUrl` (any database on it). */
export async function startPgBouncer(
  directUrl: string,
  dir: string,
  options: {
    singleServer?: string;
    /** More `[pgbouncer]` settings, or other values for the ones below (e.g. `server_login_retry`). */
    settings?: Record<string, string>;
  } = {},
): Promise<PgBouncer> {
  if (!existsSync(PGBOUNCER)) throw new Error(`${PGBOUNCER} is missing: apt-get install pgbouncer (.ci/run does)`);
  const direct = new URL(directUrl);
  const user = decodeURIComponent(direct.username);
  const password = decodeURIComponent(direct.password);
  const port = await freePort();
  mkdirSync(dir, { recursive: true });
  const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;
  writeFileSync(path.join(dir, "userlist.txt"), `${quote(user)} ${quote(password)}\n`, { mode: 0o600 });
  writeFileSync(
    path.join(dir, "pgbouncer.ini"),
    [
      "[databases]",
      `* = host=${direct.hostname} port=${direct.port}`,
      // An alias of the same database with one server connection, where clients are sure to meet.
      ...(options.singleServer
        ? [
            `${options.singleServer} = host=${direct.hostname} port=${direct.port} dbname=${direct.pathname.slice(1)} pool_size=1`,
          ]
        : []),
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      `unix_socket_dir =`,
      "auth_type = scram-sha-256",
      `auth_file = ${path.join(dir, "userlist.txt")}`,
      "pool_mode = transaction",
      // Few server connections for many clients: a transaction lands on whichever is free.
      "default_pool_size = 8",
      "max_client_conn = 400",
      "server_reset_query =",
      // What managed poolers say to clients that send startup options: PgBouncer refuses them.
      "ignore_startup_parameters = extra_float_digits",
      `logfile = ${path.join(dir, "pgbouncer.log")}`,
      // Last, so a value given here wins over the one above (PgBouncer keeps the last it reads).
      ...Object.entries(options.settings ?? {}).map(([name, value]) => `${name} = ${value}`),
      "",
    ].join("\n"),
  );
  const owner = clusterOwner();
  if (owner.uid !== undefined) {
    chownSync(dir, owner.uid, owner.gid ?? owner.uid);
    for (const f of ["userlist.txt", "pgbouncer.ini"]) chownSync(path.join(dir, f), owner.uid, owner.gid ?? owner.uid);
  }
  const launch = async () => {
    const child: ChildProcess = spawn(PGBOUNCER, [path.join(dir, "pgbouncer.ini")], {
      stdio: ["ignore", "ignore", "pipe"],
      ...(owner.uid !== undefined ? { uid: owner.uid, gid: owner.gid } : {}),
    });
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    const deadline = Date.now() + 10_000;
    while (!(await listening(port))) {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`PgBouncer did not start (exit ${child.exitCode}): ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return async () => {
      if (child.exitCode === null) child.kill("SIGINT");
      await exited;
    };
  };
  let stopRunning: (() => Promise<void>) | null = await launch();
  const pooled = new URL(directUrl);
  pooled.hostname = "127.0.0.1";
  pooled.port = String(port);
  return {
    pooledUrl: pooled.toString(),
    stop: async () => {
      await stopRunning?.();
      stopRunning = null;
    },
    start: async () => {
      stopRunning ??= await launch();
    },
  };
}
