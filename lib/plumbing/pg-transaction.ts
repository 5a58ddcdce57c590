// One transaction on one connection of a pg pool, for hand-written SQL: the product's pools
// (lib/db/client.ts pgTransaction) and the sandbox bank's own (sandbox/bank/store/db.ts). Generic
// machinery both sides run (see lib/plumbing/run-until-signal.ts).
import type pg from "pg";

/**
 * Runs `work` in one transaction on one connection of `pool`, committed when it returns and rolled
 * back when it throws. `begin`: the statement that opens it, with its modes (`BEGIN ISOLATION LEVEL
 * REPEATABLE READ, READ ONLY`) and, as a simple multi-statement query without parameters, any
 * `SET LOCAL`s: one round trip for all of them.
 */
export async function transactionOn<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
  begin = "BEGIN",
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(begin);
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
