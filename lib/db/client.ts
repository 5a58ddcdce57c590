// One pg pool per process, shared by Prisma (through its pg driver adapter) and by the hot paths
// that use plain SQL (Prisma 6.19's client engine costs ~1.5–3 ms a query here).
//
// When Prisma, when SQL by hand (the one rule; docs/architecture.md "Writing SQL"):
// - Prisma's query API for reads and writes by key or plain filters, relations and counts: most
//   domain functions, inside the route's transaction (`db: Tx`).
// - SQL by hand where Prisma cannot say it or costs too much: recursive CTEs, aggregates, INSERT …
//   ON CONFLICT, advisory locks, FOR UPDATE, keyset pages and bulk ingest. Always one string with
//   $1, $2, … and its values (never interpolated values; only our own constant fragments), run on
//   the connection of the transaction it belongs to: `query`/`execute` (lib/db/sql.ts) inside a
//   Prisma transaction; `pool()`/`pgTransaction()` below on the hot paths and outside one.
// - No Prisma tagged templates ($queryRaw`…`): one spelling, so every hand-written query reads alike.
// - Functions and triggers live in prisma/functions/*.sql, applied by the migration runner.
import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { behindTransactionPooler, databaseReplicaUrl, requireDatabaseUrl, sessionDatabaseUrl } from "@/lib/env";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { resilientPool } from "@/lib/plumbing/pg-pool";
import { transactionOn } from "@/lib/plumbing/pg-transaction";

// One set of pools per process: each process (the web server, a worker, a script) runs one module
// graph, so these are ordinary module state.
let primaryPool: pg.Pool | undefined;
let bookkeeping: pg.Pool | undefined;
let replica: pg.Pool | undefined;
let probe: pg.Pool | undefined;
let session: pg.Pool | undefined;
let prismaClient: PrismaClient | undefined;

/**
 * How long a pool keeps an idle connection: longer than the worker's regular waits (its takers'
 * longest, IDLE_POLL_SECONDS; the repair tick, SYNC_SWEEP_SECONDS at 15 s), so a quiet process
 * reuses its connections instead of opening one at each tick. pg's default of 10 s had an idle
 * worker open ~10 sessions a minute, each a new server process and a SCRAM exchange.
 */
export const IDLE_CONNECTION_MS = 60_000;

function createPool(name: string, config: pg.PoolConfig): pg.Pool {
  return resilientPool({ idleTimeoutMillis: IDLE_CONNECTION_MS, ...config }, (error) =>
    process.stderr.write(`pg ${name}: idle connection lost (${error.message})\n`),
  );
}

export function pool(): pg.Pool {
  primaryPool ??= createPool("pool", { connectionString: requireDatabaseUrl(), max: 20 });
  return primaryPool;
}

/**
 * Where read-only queries go: a read replica when DATABASE_REPLICA_URL is set, else the primary.
 * Used by the heavy reads behind read-only GETs (transaction pages, totals, CSV, account figures);
 * anything that writes, or must see its own write at once, keeps using pool(). A replica lags the
 * primary by its replication delay, so a page read right after a sync may miss the last rows for
 * that long (the next read has them).
 */
export function readPool(): pg.Pool {
  const url = databaseReplicaUrl();
  if (!url) return pool();
  replica ??= createPool("replica pool", { connectionString: url, max: 20 });
  return replica;
}

/** What the bookkeeping and probe pools hand out: a statement at a time, each its own transaction. */
export type StatementRunner = Pick<pg.Pool, "query">;

/**
 * Behind a transaction pooler (DATABASE_DIRECT_URL set) a connection's startup `options` are refused
 * and a session setting would leak to whoever gets the server connection next, so each statement
 * runs in a transaction of its own that says its settings with SET LOCAL (one round trip with BEGIN),
 * and without a statement name (a named statement lives on one server connection; the next
 * transaction may be given another). Directly on the server, the pool's own `options` do it for free.
 */
function withLocalSettings(target: pg.Pool, settings: string): StatementRunner {
  const query = (config: string | pg.QueryConfig, values?: unknown[]) =>
    transactionOn(
      target,
      (client) => client.query(typeof config === "string" ? config : { ...config, name: undefined }, values),
      `BEGIN; ${settings}`,
    );
  return { query } as StatementRunner;
}

/**
 * A small pool whose commits do not wait for the WAL flush (synchronous_commit=off), for
 * bookkeeping that every request writes and whose last few milliseconds may be lost in a crash
 * without harm: the rate-limit counters. Never use it for data a person or a bank gave us.
 */
export function bookkeepingPool(): StatementRunner {
  const pooled = behindTransactionPooler();
  bookkeeping ??= createPool("bookkeeping pool", {
    connectionString: requireDatabaseUrl(),
    max: 5,
    ...(pooled ? {} : { options: "-c synchronous_commit=off" }),
  });
  return pooled ? withLocalSettings(bookkeeping, "SET LOCAL synchronous_commit TO off") : bookkeeping;
}

/**
 * Readiness checks (/api/health/ready) and metrics scrapes: one or two connections that give up
 * after 2 s (connect or statement), so a stopped or hung database is reported, not waited for, and
 * a probe never takes a connection the requests need.
 */
export function probePool(): StatementRunner {
  const pooled = behindTransactionPooler();
  probe ??= createPool("probe pool", {
    connectionString: requireDatabaseUrl(),
    max: 2,
    connectionTimeoutMillis: 2000,
    idleTimeoutMillis: 30_000,
    ...(pooled ? {} : { options: "-c statement_timeout=2000" }),
  });
  return pooled ? withLocalSettings(probe, "SET LOCAL statement_timeout TO 2000") : probe;
}

/**
 * Connections that need a session of their own, held across transactions (the repair pass's lock):
 * on the direct server when DATABASE_URL is a transaction pooler, where a session lock would stay
 * behind on whichever server connection took it.
 */
export function sessionPool(): pg.Pool {
  session ??= createPool("session pool", { connectionString: sessionDatabaseUrl(), max: 2 });
  return session;
}

/**
 * A statement planned once per connection under `name`, for a query every request runs. Behind a
 * transaction pooler it goes unnamed: the next transaction may be given another server connection,
 * where the name is unknown (PgBouncer before 1.21 does not carry prepared statements across).
 */
export function statement(name: string, text: string, values: unknown[]): pg.QueryConfig {
  return behindTransactionPooler() ? { text, values } : { name, text, values };
}

export function prisma(): PrismaClient {
  prismaClient ??= new PrismaClient({ adapter: new PrismaPg(pool()) });
  return prismaClient;
}

export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

/** Connections of each pool this process has opened: in use, idle, and requests waiting for one (metrics). */
export function poolStats(): { pool: string; total: number; idle: number; waiting: number }[] {
  const pools = { primary: primaryPool, bookkeeping, replica, probe, session };
  return Object.entries(pools).flatMap(([name, p]) =>
    p && !p.ended ? [{ pool: name, total: p.totalCount, idle: p.idleCount, waiting: p.waitingCount }] : [],
  );
}

/** Ends this process's connections (a worker or script stopping; tests between files). */
export async function disconnect(): Promise<void> {
  const client = prismaClient;
  const pools = [primaryPool, bookkeeping, replica, probe, session];
  prismaClient = primaryPool = bookkeeping = replica = probe = session = undefined;
  await client?.$disconnect();
  const open = pools.filter((p): p is pg.Pool => p !== undefined && !p.ended);
  await Promise.all(open.map((p) => p.end()));
}

/** The shared client typed as a transaction client, for domain functions that take `db: Tx`. */
export function db(): Tx {
  return prisma();
}

/** Runs `work` in one transaction on one connection of the primary pool (lib/plumbing/pg-transaction.ts). */
export function pgTransaction<T>(work: (client: pg.PoolClient) => Promise<T>, begin = "BEGIN"): Promise<T> {
  return transactionOn(pool(), work, begin);
}
