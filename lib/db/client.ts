// One pg pool per process, shared by Prisma (through its pg driver adapter) and by the hot paths
// that use plain SQL (Prisma 6.19's client engine costs ~1.5–3 ms a query here).
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { requireDatabaseUrl } from "@/lib/env";
import { PrismaClient } from "@/lib/generated/prisma/client";

// The pools are per process (on globalThis), shared by the Next bundle and the tsx-loaded worker.
// The Prisma client is per module graph: each graph's client uses its own Prisma classes, so errors
// it throws are that graph's (and are still recognised by code, see lib/db/errors.ts).
type Globals = { pool?: pg.Pool; bookkeepingPool?: pg.Pool; replicaPool?: pg.Pool };
const globals = globalThis as unknown as Globals;
let prismaClient: PrismaClient | undefined;

export function pool(): pg.Pool {
  if (!globals.pool) {
    const created = new pg.Pool({ connectionString: requireDatabaseUrl(), max: 20 });
    // An idle connection the server closed (restart, failover, shutdown) emits 'error' on the pool;
    // unhandled, that would crash the process. The pool replaces the connection on next use.
    created.on("error", (error) => process.stderr.write(`pg pool: idle connection lost (${error.message})\n`));
    globals.pool = created;
  }
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
  if (!globals.replicaPool) {
    const created = new pg.Pool({ connectionString: url, max: 20 });
    created.on("error", (error) => process.stderr.write(`pg replica pool: idle connection lost (${error.message})\n`));
    globals.replicaPool = created;
  }
  return globals.replicaPool;
}

/**
 * A small pool whose commits do not wait for the WAL flush (synchronous_commit=off), for
 * bookkeeping that every request writes and whose last few milliseconds may be lost in a crash
 * without harm: the rate-limit counters. Never use it for data a person or a bank gave us.
 */
export function bookkeepingPool(): pg.Pool {
  if (!globals.bookkeepingPool) {
    const created = new pg.Pool({
      connectionString: requireDatabaseUrl(),
      max: 5,
      options: "-c synchronous_commit=off",
    });
    created.on("error", (error) =>
      process.stderr.write(`pg bookkeeping pool: idle connection lost (${error.message})\n`),
    );
    globals.bookkeepingPool = created;
  }
  return globals.bookkeepingPool;
}

export function prisma(): PrismaClient {
  prismaClient ??= new PrismaClient({ adapter: new PrismaPg(pool()) });
  return prismaClient;
}

export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

export async function disconnect(): Promise<void> {
  await prismaClient?.$disconnect();
  if (globals.pool && !globals.pool.ended) await globals.pool.end();
  if (globals.bookkeepingPool && !globals.bookkeepingPool.ended) await globals.bookkeepingPool.end();
  if (globals.replicaPool && !globals.replicaPool.ended) await globals.replicaPool.end();
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
