// Hand-written SQL inside a Prisma transaction: one parameterised string ($1, $2, …) and its values,
// run on that transaction's connection. Values are never interpolated into the text; fragments
// joined into it are constants of ours. Outside a Prisma transaction, and on the hot paths, the
// same kind of string goes to `pg` directly (pool(), pgTransaction() in lib/db/client.ts). The rule
// for when to write SQL by hand at all is in lib/db/client.ts.
import "server-only";
import type { Tx } from "@/lib/db/client";

export function query<T>(db: Tx, text: string, ...values: unknown[]): Promise<T[]> {
  return db.$queryRawUnsafe<T[]>(text, ...values);
}

/** The number of rows the statement changed. */
export function execute(db: Tx, text: string, ...values: unknown[]): Promise<number> {
  return db.$executeRawUnsafe(text, ...values);
}
