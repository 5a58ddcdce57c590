// The change feed's writer lock (prisma/functions/07_change_feed.sql): a writer of an account's
// transactions holds its account's lock exclusively and its scope's shared until it commits, so the
// account's change numbers commit in the order they were taken. The database triggers take it on the
// first row a statement writes; a verb takes it here first, before it locks any row, so two writers
// of one account always take the same locks in the same order and never deadlock (a person binding a
// row the sync is about to rewrite waits for the sync's page, or the sync for the person).
import "server-only";
import type { PoolClient } from "pg";
import type { Tx } from "@/lib/db/client";
import { execute } from "@/lib/db/sql";

type Db = Tx | Pick<PoolClient, "query">;

const isPg = (db: Db): db is Pick<PoolClient, "query"> => !("$executeRawUnsafe" in db);

async function run(db: Db, sql: string, value: string): Promise<void> {
  if (isPg(db)) await db.query(sql, [value]);
  else await execute(db, sql, value);
}

/** Takes the feed lock of an account (nothing when it does not exist). */
export async function lockChangeFeed(db: Db, accountId: string): Promise<void> {
  await run(db, "SELECT change_feed_lock(scope_id, id) FROM tracked_accounts WHERE id = $1::uuid", accountId);
}

/** Takes the feed lock of a transaction's account (nothing when it does not exist). */
export async function lockChangeFeedOfTransaction(db: Db, transactionId: string): Promise<void> {
  await run(db, "SELECT change_feed_lock(scope_id, account_id) FROM transactions WHERE id = $1::uuid", transactionId);
}

/** Takes the feed lock of the account of a re-issue pairing (nothing when it does not exist). */
export async function lockChangeFeedOfReissue(db: Db, reissueId: string): Promise<void> {
  await run(
    db,
    `SELECT change_feed_lock(a.scope_id, a.id) FROM transaction_reissues r JOIN tracked_accounts a ON a.id = r.account_id
      WHERE r.id = $1::uuid`,
    reissueId,
  );
}
