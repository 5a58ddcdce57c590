// A highly available PostgreSQL for the failover test, from Debian's packages: one etcd (the
// distributed configuration store), two Patroni nodes (a primary and a synchronous streaming
// standby; Patroni promotes the standby when the primary's leader key expires) and HAProxy in front,
// which health-checks each node's Patroni REST API (`GET /primary`: 200 on the leader only) and
// routes every new connection to the leader, cutting the sessions of a node marked down. Everything
// lives under one data directory and runs as the system user `postgres` when we are root (PostgreSQL
// refuses to run as root). Nothing here is product code: the app only ever sees HAProxy's address.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { chownSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { clusterOwner } from "@/lib/db/embedded";
import { freePort, listening } from "@/testing/support/pgbouncer";

export const PG_BIN = "/usr/lib/postgresql/15/bin";
const PATRONI = "/usr/bin/patroni";
const ETCD = "/usr/bin/etcd";
const HAPROXY = "/usr/sbin/haproxy";

/** What must be installed, and the line that installs it; null when everything is there. */
export function missingPackages(): string | null {
  const needed: [string, string][] = [
    [path.join(PG_BIN, "postgres"), "postgresql-15"],
    [PATRONI, "patroni"],
    [ETCD, "etcd-server"],
    [HAPROXY, "haproxy"],
    ["/usr/sbin/pgbouncer", "pgbouncer"],
  ];
  const missing = needed.filter(([file]) => !existsSync(file)).map(([, pkg]) => pkg);
  return missing.length ? `apt-get install -y ${missing.join(" ")}` : null;
}

export { freePort };

/**
 * Processes a previous run of this test left behind when it was killed too hard to clean up (its
 * afterAll never ran): those whose command line or environment names `dir` (our data directory:
 * Patroni, PostgreSQL and etcd by their arguments, the app's processes by DATA_DIR). SIGKILLed by pid,
 * our own process and its ancestors excepted. Returns how many.
 */
export function reapLeftovers(dir: string): number {
  const marker = path.resolve(dir);
  const spare = new Set<number>();
  for (let pid = process.pid; pid > 1;) {
    spare.add(pid);
    try {
      pid = Number(/^\d+ \(.*\) \S (\d+)/.exec(readFileSync(`/proc/${pid}/stat`, "utf8"))?.[1] ?? 0);
    } catch {
      break;
    }
  }
  let reaped = 0;
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid <= 1 || spare.has(pid)) continue;
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      const environ = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
      const ours =
        cmdline.some((arg) => arg.includes(`${marker}/`) || arg === marker) ||
        environ.some((v) => v === `DATA_DIR=${marker}` || v === `HOME=${marker}` || v.startsWith(`HOME=${marker}/`));
      if (!ours) continue;
      process.kill(pid, "SIGKILL");
      reaped += 1;
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return reaped;
}

/** Polls `check` until it returns a value other than null/false, or throws after `timeoutMs`. */
export async function until<T>(
  what: string,
  check: () => Promise<T | null | false> | T | null | false,
  timeoutMs: number,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown = null;
  for (;;) {
    try {
      const value = await check();
      if (value !== null && value !== false) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(
        `Timed out after ${timeoutMs} ms waiting for ${what}${last instanceof Error ? `: ${last.message}` : ""}`,
      );
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** A process we started, its output kept in a log file, stopped by its own pid only. */
export type Spawned = {
  name: string;
  child: ChildProcess;
  log: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<void>;
};

export function spawnLogged(
  name: string,
  command: string,
  args: string[],
  options: { logFile: string; env?: NodeJS.ProcessEnv; asOwner?: boolean; cwd?: string },
): Spawned {
  const owner = clusterOwner();
  const child = spawn(command, args, {
    stdio: ["ignore", "pipe", "pipe"],
    env: options.env ?? process.env,
    cwd: options.cwd,
    ...(options.asOwner && owner.uid !== undefined ? { uid: owner.uid, gid: owner.gid } : {}),
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 2_000_000) output = output.slice(-1_000_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = once(child, "exit");
  return {
    name,
    child,
    log: () => output,
    stop: async (signal: NodeJS.Signals = "SIGTERM") => {
      writeFileSync(options.logFile, output);
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      const killLater = setTimeout(() => child.kill("SIGKILL"), 20_000);
      await exited;
      clearTimeout(killLater);
      writeFileSync(options.logFile, output);
    },
  };
}

function chownTree(dir: string) {
  const owner = clusterOwner();
  if (owner.uid === undefined) return;
  const walk = (p: string) => {
    chownSync(p, owner.uid ?? 0, owner.gid ?? owner.uid ?? 0);
    if (statSync(p).isDirectory()) for (const c of readdirSync(p)) walk(path.join(p, c));
  };
  walk(dir);
}

export type PatroniNode = {
  name: string;
  pgPort: number;
  restPort: number;
  dataDir: string;
  process: Spawned;
  /** The postmaster's pid (from postmaster.pid), or null when none runs. */
  postmasterPid: () => number | null;
  /** GET on the node's REST API: the status, or 0 when it does not answer. */
  rest: (p: string) => Promise<number>;
};

export type HaPostgres = {
  /** HAProxy: always the current leader (superuser, database `database`). */
  url: string;
  /** The same server directly, per node (for checks only). */
  nodeUrl: (node: PatroniNode) => string;
  nodes: PatroniNode[];
  /** HAProxy's view: each node's check state (UP, DOWN, …). */
  serverStates: () => Promise<Record<string, string>>;
  /** The node Patroni says leads now (by each node's REST API), or null. */
  leader: () => Promise<PatroniNode | null>;
  /** Patroni's /cluster as its REST API answers it on a live node. */
  clusterState: () => Promise<unknown>;
  stop: () => Promise<void>;
};

const PASSWORD = "failover-superuser-secret";
const REPLICATION_PASSWORD = "failover-replicator-secret";

/**
 * etcd, two Patroni nodes and HAProxy under `dir` (wiped first). Resolves once node1 leads, node2
 * streams from it as its synchronous standby, and HAProxy routes to node1; `database` is created.
 */
export async function startHaPostgres(dataDir: string, database: string): Promise<HaPostgres> {
  const dir = path.resolve(dataDir);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const started: Spawned[] = [];
  const stopAll = async () => {
    for (const s of [...started].reverse()) await s.stop().catch(() => undefined);
  };
  try {
    // etcd: one member, its client and peer ports on loopback.
    const etcdClient = await freePort();
    const etcdPeer = await freePort();
    mkdirSync(path.join(dir, "etcd"), { recursive: true });
    chownTree(dir);
    const etcd = spawnLogged(
      "etcd",
      ETCD,
      [
        "--name=failover-etcd",
        `--data-dir=${path.join(dir, "etcd", "data")}`,
        `--listen-client-urls=http://127.0.0.1:${etcdClient}`,
        `--advertise-client-urls=http://127.0.0.1:${etcdClient}`,
        `--listen-peer-urls=http://127.0.0.1:${etcdPeer}`,
        `--initial-advertise-peer-urls=http://127.0.0.1:${etcdPeer}`,
        `--initial-cluster=failover-etcd=http://127.0.0.1:${etcdPeer}`,
        "--logger=zap",
      ],
      { logFile: path.join(dir, "etcd.log"), asOwner: true, cwd: dir },
    );
    started.push(etcd);
    await until(
      "etcd to answer",
      async () => (await fetch(`http://127.0.0.1:${etcdClient}/health`)).ok && (await listening(etcdClient)),
      20_000,
    );

    const nodes: PatroniNode[] = [];
    for (const name of ["node1", "node2"]) {
      const pgPort = await freePort();
      const restPort = await freePort();
      const nodeDir = path.join(dir, name);
      const dataDir = path.join(nodeDir, "data");
      mkdirSync(nodeDir, { recursive: true });
      // Patroni reads YAML; JSON is YAML.
      const config = {
        scope: "ledgerlink-failover",
        namespace: "/ledgerlink/",
        name,
        log: { level: "INFO" },
        restapi: { listen: `127.0.0.1:${restPort}`, connect_address: `127.0.0.1:${restPort}` },
        etcd3: { hosts: [`127.0.0.1:${etcdClient}`] },
        bootstrap: {
          dcs: {
            // Fast for a test, within Patroni's rule loop_wait + 2 × retry_timeout ≤ ttl: the leader
            // key lives 10 s without its node renewing it; then the standby takes it.
            ttl: 10,
            loop_wait: 1,
            retry_timeout: 3,
            maximum_lag_on_failover: 1_048_576,
            // A commit returns only once the standby has it: the standby that is promoted holds every
            // commit a client was told of (docs/deploy.md, "When the database goes away").
            synchronous_mode: true,
            postgresql: {
              use_pg_rewind: false,
              parameters: {
                max_connections: 200,
                wal_level: "replica",
                hot_standby: "on",
                max_wal_senders: 10,
                max_replication_slots: 10,
                wal_keep_size: "256MB",
                shared_buffers: "128MB",
              },
            },
          },
          initdb: [{ encoding: "UTF8" }, { locale: "C" }],
        },
        postgresql: {
          listen: `127.0.0.1:${pgPort}`,
          connect_address: `127.0.0.1:${pgPort}`,
          data_dir: dataDir,
          bin_dir: PG_BIN,
          pgpass: path.join(nodeDir, "pgpass"),
          authentication: {
            superuser: { username: "postgres", password: PASSWORD },
            replication: { username: "replicator", password: REPLICATION_PASSWORD },
          },
          parameters: { unix_socket_directories: nodeDir },
          pg_hba: [
            "local all all trust",
            "host all all 127.0.0.1/32 scram-sha-256",
            "host replication replicator 127.0.0.1/32 scram-sha-256",
          ],
        },
        tags: { nofailover: false, noloadbalance: false, clonefrom: false, nosync: false },
      };
      const configFile = path.join(nodeDir, "patroni.yml");
      writeFileSync(configFile, JSON.stringify(config, null, 2));
      chownTree(nodeDir);
      const rest = async (p: string) => {
        try {
          return (await fetch(`http://127.0.0.1:${restPort}${p}`, { signal: AbortSignal.timeout(1_000) })).status;
        } catch {
          return 0;
        }
      };
      const postmasterPid = () => {
        const file = path.join(dataDir, "postmaster.pid");
        if (!existsSync(file)) return null;
        const pid = Number(readFileSync(file, "utf8").split("\n")[0]);
        try {
          process.kill(pid, 0);
          return pid;
        } catch {
          return null;
        }
      };
      const patroni = spawnLogged("patroni " + name, PATRONI, [configFile], {
        logFile: path.join(dir, `${name}.patroni.log`),
        asOwner: true,
        cwd: nodeDir,
        env: { PATH: process.env.PATH, HOME: nodeDir, LANG: "C.UTF-8", NODE_ENV: process.env.NODE_ENV },
      });
      started.push(patroni);
      const node: PatroniNode = { name, pgPort, restPort, dataDir, process: patroni, postmasterPid, rest };
      nodes.push(node);
      // The first node bootstraps and leads before the second clones it.
      if (name === "node1")
        await until(
          "node1 to lead",
          async () => {
            if (patroni.child.exitCode !== null) throw new Error(`Patroni exited: ${patroni.log().slice(-2000)}`);
            return (await rest("/primary")) === 200;
          },
          90_000,
          250,
        );
    }
    const [node1, node2] = nodes;
    await until(
      "node2 to stream as the synchronous standby",
      async () => (await node2.rest("/sync")) === 200,
      120_000,
      250,
    );

    // HAProxy: TCP to the node whose Patroni answers 200 on /primary; a node marked down has its
    // sessions cut, so no client keeps talking to a server that is no longer the leader.
    const haPort = await freePort();
    const statsPort = await freePort();
    const haConfig = path.join(dir, "haproxy.cfg");
    writeFileSync(
      haConfig,
      [
        "global",
        "  maxconn 2000",
        "defaults",
        "  mode tcp",
        "  timeout connect 2s",
        "  timeout client 30m",
        "  timeout server 30m",
        "  timeout check 1s",
        "listen stats",
        `  bind 127.0.0.1:${statsPort}`,
        "  mode http",
        "  stats enable",
        "  stats uri /stats",
        "listen postgres",
        `  bind 127.0.0.1:${haPort}`,
        "  option httpchk GET /primary",
        "  http-check expect status 200",
        "  default-server inter 500ms fall 2 rise 1 on-marked-down shutdown-sessions",
        ...nodes.map((n) => `  server ${n.name} 127.0.0.1:${n.pgPort} maxconn 500 check port ${n.restPort}`),
        "",
      ].join("\n"),
    );
    chownTree(haConfig);
    const haproxy = spawnLogged(HAPROXY, HAPROXY, ["-db", "-f", haConfig], {
      logFile: path.join(dir, "haproxy.log"),
      asOwner: true,
      cwd: dir,
    });
    started.push(haproxy);
    // HAProxy starts with every server up until its checks say otherwise: wait until it sees node1
    // up and node2 down, so no connection of ours lands on the standby.
    const serverStates = async () => {
      const res = await fetch(`http://127.0.0.1:${statsPort}/stats;csv`, { signal: AbortSignal.timeout(1_000) });
      const states: Record<string, string> = {};
      for (const line of (await res.text()).split("\n")) {
        const [proxy, server, ...rest] = line.split(",");
        if (proxy === "postgres" && server?.startsWith("node")) states[server] = rest[15];
      }
      return states;
    };
    await until(
      "HAProxy to see node1 up and node2 down",
      async () => {
        const states = await serverStates();
        return states.node1 === "UP" && states.node2 === "DOWN";
      },
      30_000,
      250,
    );
    const urlAt = (port: number, db: string) => `postgresql://postgres:${PASSWORD}@127.0.0.1:${port}/${db}`;
    const url = urlAt(haPort, database);
    await until(
      "HAProxy to route to the leader",
      async () => {
        const client = new pg.Client({ connectionString: urlAt(haPort, "postgres"), connectionTimeoutMillis: 2_000 });
        client.on("error", () => undefined);
        await client.connect();
        try {
          const { rows } = await client.query<{ standby: boolean; port: number }>(
            "SELECT pg_is_in_recovery() AS standby, current_setting('port')::int AS port",
          );
          return !rows[0].standby && rows[0].port === node1.pgPort;
        } finally {
          await client.end();
        }
      },
      30_000,
      250,
    );
    const admin = new pg.Client({ connectionString: urlAt(haPort, "postgres") });
    admin.on("error", () => undefined);
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();

    const leader = async () => {
      for (const n of nodes) if ((await n.rest("/primary")) === 200) return n;
      return null;
    };
    return {
      url,
      nodeUrl: (node) => urlAt(node.pgPort, database),
      nodes,
      serverStates,
      leader,
      clusterState: async () => {
        for (const n of nodes) {
          try {
            const res = await fetch(`http://127.0.0.1:${n.restPort}/cluster`, { signal: AbortSignal.timeout(1_000) });
            if (res.ok) return (await res.json()) as unknown;
          } catch {
            // the next node
          }
        }
        return null;
      },
      stop: async () => {
        // HAProxy first, then each Patroni (which stops its PostgreSQL), then etcd. A postmaster whose
        // Patroni is gone (the node the test killed, if its postmaster outlived it) is stopped by its pid.
        await haproxy.stop();
        for (const n of nodes) await n.process.stop("SIGTERM");
        for (const n of nodes) {
          const pid = n.postmasterPid();
          if (pid) {
            process.kill(pid, "SIGQUIT");
            await until(`${n.name}'s postmaster to stop`, () => n.postmasterPid() === null, 20_000).catch(() =>
              process.kill(pid, "SIGKILL"),
            );
          }
        }
        await etcd.stop();
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
