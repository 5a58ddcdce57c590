// One Prisma client and one pg pool per process. Prisma for ordinary routes; the pg pool for hot
// paths measured to need it (Prisma 6.19's client engine costs ~1.5 ms a query here).
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { requireDatabaseUrl } from "@/lib/env";
import { PrismaClient } from "@/lib/generated/prisma/client";

type Globals = { prisma?: PrismaClient; pool?: pg.Pool };
const globals = globalThis as unknown as Globals;

export function prisma(): PrismaClient {
  if (!globals.prisma) {
    const adapter = new PrismaPg({ connectionString: requireDatabaseUrl(), max: 10 });
    globals.prisma = new PrismaClient({ adapter });
  }
  return globals.prisma;
}

export function pool(): pg.Pool {
  if (!globals.pool) {
    globals.pool = new pg.Pool({ connectionString: requireDatabaseUrl(), max: 10 });
  }
  return globals.pool;
}

export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

export async function disconnect(): Promise<void> {
  await globals.prisma?.$disconnect();
  await globals.pool?.end();
  globals.prisma = undefined;
  globals.pool = undefined;
}

/** The shared client typed as a transaction client, for domain functions that take `db: Tx`. */
export function db(): Tx {
  return prisma() as unknown as Tx;
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
