// One pg pool per process, shared by Prisma (through its pg driver adapter) and by the hot paths
// that use plain SQL (Prisma 6.19's client engine costs ~1.5–3 ms a query here).
//
// When Prisma, when SQL by hand (the one rule; README "Writing SQL"):
// - Prisma's query API for reads and writes by key or plain filters, relations and counts: most
//   domain functions, inside the route's transaction (`db: Tx`).
// - SQL by hand where Prisma cannot say it or costs too much: recursive CTEs, aggregates, INSERT …
//   ON CONFLICT, advisory locks, FOR UPDATE, keyset pages and bulk ingest. Always one string with
//   $1, $2, … and its values (never interpolated values; only our own constant fragments), run on
//   the connection of the transaction it belongs to: `query`/`execute` (lib/db/sql.ts) inside a
//   Prisma transaction; `pool()`/`pgTransaction()` below on the hot paths and outside one.
// - No Prisma tagged templates ($queryRaw`…`): one spelling, so every hand-written query reads alike.
// - PL/pgSQL functions live in prisma/functions/*.sql, applied by the migration runner.
import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { requireDatabaseUrl } from "@/lib/env";
import { PrismaClient } from "@/lib/generated/prisma/client";

// The pools are per process (on globalThis), shared by the Next bundle and the tsx-loaded worker.
// The Prisma client is per module graph: each graph's client uses its own Prisma classes, so errors
// it throws are that graph's (and are still recognised by code, see lib/db/errors.ts).
type Globals = {
  pool?: pg.Pool;
  bookkeepingPool?: pg.Pool;
  replicaPool?: pg.Pool;
  /** Each pool's connections until they have closed (their 'end'), so ending a pool can wait for that. */
  connections?: WeakMap<pg.Pool, Set<Promise<void>>>;
};
const globals = globalThis as unknown as Globals;
let prismaClient: PrismaClient | undefined;

function createPool(name: string, config: pg.PoolConfig): pg.Pool {
  const created = new pg.Pool(config);
  // An idle connection the server closed (restart, failover, shutdown) emits 'error' on the pool;
  // unhandled, that would crash the process. The pool replaces the connection on next use.
  created.on("error", (error) => process.stderr.write(`pg ${name}: idle connection lost (${error.message})\n`));
  const connections = new Set<Promise<void>>();
  (globals.connections ??= new WeakMap()).set(created, connections);
  created.on("connect", (client) => {
    const closed = new Promise<void>((resolve) => client.once("end", () => resolve()));
    connections.add(closed);
    void closed.then(() => connections.delete(closed));
  });
  return created;
}

/**
 * Ends a pool and waits until its connections have closed. pg-pool's end() resolves once it has
 * asked its idle connections to close, before their sockets are gone; a database stopped right
 * after (the embedded cluster at `npm start`'s shutdown) would still cut them.
 */
async function endPool(ending: pg.Pool | undefined): Promise<void> {
  if (!ending || ending.ended) return;
  await ending.end();
  // The set is found through globalThis: the pool may come from the Next bundle's copy of this module.
  await Promise.all([...(globals.connections?.get(ending) ?? [])]);
}

export function pool(): pg.Pool {
  globals.pool ??= createPool("pool", { connectionString: requireDatabaseUrl(), max: 20 });
  return globals.pool;
}

/**
 * Where read-only queries go: a read replica when DATABASE_REPLICA_URL is set, else the primary.
 * Used by the heavy reads behind read-only GETs (transaction pages, totals, CSV, account figures);
 * anything that writes, or must see its own write at once, keeps using pool(). A replica lags the
 * primary by its replication delay, so a page read right after a sync may miss the last rows for
 * that long (the next read has them).
 */
export function readPool(): pg.Pool {
  const url = process.env.DATABASE_REPLICA_URL;
  if (!url) return pool();
  globals.replicaPool ??= createPool("replica pool", { connectionString: url, max: 20 });
  return globals.replicaPool;
}

/**
 * A small pool whose commits do not wait for the WAL flush (synchronous_commit=off), for
 * bookkeeping that every request writes and whose last few milliseconds may be lost in a crash
 * without harm: the rate-limit counters. Never use it for data a person or a bank gave us.
 */
export function bookkeepingPool(): pg.Pool {
  globals.bookkeepingPool ??= createPool("bookkeeping pool", {
    connectionString: requireDatabaseUrl(),
    max: 5,
    options: "-c synchronous_commit=off",
  });
  return globals.bookkeepingPool;
}

export function prisma(): PrismaClient {
  prismaClient ??= new PrismaClient({ adapter: new PrismaPg(pool()) });
  return prismaClient;
}

export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

export async function disconnect(): Promise<void> {
  await prismaClient?.$disconnect();
  await Promise.all([endPool(globals.pool), endPool(globals.bookkeepingPool), endPool(globals.replicaPool)]);
  prismaClient = undefined;
  globals.pool = undefined;
  globals.bookkeepingPool = undefined;
  globals.replicaPool = undefined;
}

/** The shared client typed as a transaction client, for domain functions that take `db: Tx`. */
export function db(): Tx {
  return prisma();
}

/** Runs `work` in one transaction on one pg connection (for the raw-SQL paths). */
export async function pgTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool().connect();
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
