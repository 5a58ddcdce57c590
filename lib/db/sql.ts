// Hand-written SQL inside a Prisma transaction: one parameterised string ($1, $2, …) and its values,
// run on that transaction's connection. Values are never interpolated into the text; fragments
// joined into it are constants of ours. Outside a Prisma transaction, and on the hot paths, the
// same kind of string goes to `pg` directly (pool(), pgTransaction() in lib/db/client.ts). The rule
// for when to write SQL by hand at all is in lib/db/client.ts.
import "server-only";
import type { PoolClient } from "pg";
import type { Tx } from "@/lib/db/client";

/** A Prisma transaction, or a pg client inside BEGIN (the raw-SQL paths): where a step's SQL runs. */
export type SqlDb = Tx | Pick<PoolClient, "query">;

export function query<T>(db: Tx, text: string, ...values: unknown[]): Promise<T[]> {
  return db.$queryRawUnsafe<T[]>(text, ...values);
}

/** The number of rows the statement changed. */
export function execute(db: Tx, text: string, ...values: unknown[]): Promise<number> {
  return db.$executeRawUnsafe(text, ...values);
}

/** The rows of a statement, on either kind of connection (a move or an event written beside raw SQL). */
export async function rows<T>(db: SqlDb, text: string, values: unknown[]): Promise<T[]> {
  if ("$queryRawUnsafe" in db) return db.$queryRawUnsafe<T[]>(text, ...values);
  return (await db.query(text, values)).rows as T[];
}
