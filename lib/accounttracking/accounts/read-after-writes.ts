// Where one account's heavy reads (a transactions page, totals, the CSV) go: the read pool (a replica
// when DATABASE_REPLICA_URL is set) once it has replayed every write the primary holds for that
// account, else the primary. The token is the account's and its scope's stats versions
// (stats_versions, bumped by triggers on every write that can change the account's rows or their
// transfer marks): read on the primary, compared with the replica's, waited for up to
// REPLICA_WAIT_MS. So a page read right after "Synced", or after the person marked a transfer, shows
// it, from the replica when it keeps up and from the primary when it does not. Without a replica:
// the primary, with no extra query.
import "server-only";
import type pg from "pg";
import { pool, readPool } from "@/lib/db/client";
import { env } from "@/lib/env";

const VERSIONS = `SELECT coalesce((SELECT version FROM stats_versions WHERE subject_id = a.id), 0)::text AS av,
                         coalesce((SELECT version FROM stats_versions WHERE subject_id = a.scope_id), 0)::text AS sv
                    FROM tracked_accounts a WHERE a.id = $1`;
const POLL_MS = 10;

type Versions = { av: string; sv: string };

const versionsOn = async (db: pg.Pool, accountId: string): Promise<Versions | null> =>
  (await db.query<Versions>(VERSIONS, [accountId])).rows[0] ?? null;

const caughtUp = (seen: Versions | null, wanted: Versions) =>
  seen !== null && BigInt(seen.av) >= BigInt(wanted.av) && BigInt(seen.sv) >= BigInt(wanted.sv);

export async function readPoolAfterWrites(accountId: string, waitMs = env.REPLICA_WAIT_MS): Promise<pg.Pool> {
  const replica = readPool();
  const primary = pool();
  if (replica === primary) return primary;
  const wanted = await versionsOn(primary, accountId);
  if (!wanted) return primary; // no such account: the primary answers that
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (caughtUp(await versionsOn(replica, accountId), wanted)) return replica;
    if (Date.now() >= deadline) return primary;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
