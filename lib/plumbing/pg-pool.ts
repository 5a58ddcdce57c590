// A pg pool that a lost connection does not take down (the product's pools, lib/db/client.ts, and
// the sandbox bank's own, sandbox/bank/store/db.ts). Generic machinery both sides run (see
// lib/plumbing/run-until-signal.ts).
import pg from "pg";

/**
 * A pool whose lost connections never crash the process. An idle one the server closed (a restart,
 * a failover, a pooler going away) emits 'error' on the pool: `onIdleLost` hears of it, and the pool
 * replaces it on next use. One lost while checked out, between two statements, emits 'error' on the
 * client, which the pool no longer listens to then: its holder learns of it from its next statement,
 * which fails.
 */
export function resilientPool(config: pg.PoolConfig, onIdleLost: (error: Error) => void): pg.Pool {
  const created = new pg.Pool(config);
  created.on("error", onIdleLost);
  created.on("connect", (client) => client.on("error", () => undefined));
  return created;
}
