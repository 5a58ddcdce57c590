// transactions.changed, the one way it is built: where an account's change feed stands before a
// writer starts (a sync run's first claim, a statement import's transaction), and afterwards the event
// counting what the feed lists from there, with a cursor a reader follows. A sync run's end
// (lib/sync/run-lifecycle.ts) and a statement import's (lib/statements/import/import-statement.ts)
// both announce their changes through it.
import "server-only";
import type { PoolClient } from "pg";
import { accountFeed, cursorOf } from "@/lib/changes/cursor";
import { countAccountChanges } from "@/lib/changes/feed";
import type { WebhookEvent } from "@/lib/webhooks/events";

type Queryable = Pick<PoolClient, "query">;

/** SQL for where the feed of the account `account` (an SQL expression) stands: its newest change or tombstone. */
export const feedPositionOf = (account: string) => `coalesce(greatest(
    (SELECT max(t.change_seq) FROM transactions t WHERE t.account_id = ${account}),
    (SELECT max(d.seq) FROM transaction_tombstones d WHERE d.account_id = ${account})), 0)`;

/** Where the account's feed stands now (read under its lock by a writer about to change it). */
export async function feedPosition(db: Queryable, accountId: string): Promise<bigint> {
  const { rows } = await db.query<{ at: string }>(`SELECT ${feedPositionOf("$1::uuid")}::text AS at`, [accountId]);
  return BigInt(rows[0].at);
}

/**
 * transactions.changed for what the feed lists after `from`, by whoever wrote it (a sync run or a
 * statement import); none when the feed shows nothing.
 */
export async function changesSince(
  db: Queryable,
  accountId: string,
  from: bigint,
  by: { syncRunId: string | null; statementImportId: string | null },
): Promise<WebhookEvent[]> {
  const counts = await countAccountChanges(db, accountId, from);
  if (counts.added + counts.modified + counts.removed === 0) return [];
  return [
    {
      type: "transactions.changed",
      data: { accountId, ...by, ...counts, cursor: cursorOf(accountFeed(accountId), { since: from, after: from }) },
    },
  ];
}
