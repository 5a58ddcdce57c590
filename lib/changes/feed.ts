// Reading the change feed (docs/api-decisions.md "Change feed"): what changed in an account's, or a
// whole scope's, transactions after a cursor, each row once at its latest state, in the order of its
// last change. Rows carry their change number (change_seq, set by the database trigger of migration
// transaction_change_feed); rows deleted outright left a tombstone with one.
//
// Consistency. An account's change numbers commit in order (the writer's lock), so one snapshot of
// the account (REPEATABLE READ: the page and the high-water mark see the same data) never shows
// number n while a smaller one is still to commit. A scope's accounts are written in parallel, so a
// scope reader first takes the scope's lock exclusively: it waits for writes in flight and, while it
// reads, none starts.
import "server-only";
import type { PoolClient } from "pg";
import { pgTransaction } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { ownCte } from "@/lib/accounttracking/transactions/transfers";
import {
  serializeTransaction,
  DISPLAY_NAME_JOIN,
  TRANSACTION_COLUMNS,
  TRANSACTION_FIELDS,
  type TransactionRow,
} from "@/lib/accounttracking/transactions/transactions";
import { accountFeed, assertRetained, cursorOf, positionOf, scopeFeed, type FeedPosition } from "@/lib/changes/cursor";

// pg reads bigint as a decimal string.
type ChangeRow = TransactionRow & { seq: string; created_seq: string; removed_at: Date | null };

// $2 is the cursor's `after`, $3 one row more than a page. A row inserted after the cursor and
// removed since was never shown to this reader: it is left out (removed rows only ever matter to a
// reader who may hold them).
const UNSEEN_REMOVAL = "(t.removed_at IS NULL OR t.created_seq <= $2)";
const ROW_HEAD = "t.change_seq AS seq, t.created_seq, t.removed_at";
// A tombstone has no row: its other columns are NULL (their types come from the rows' branch).
const TOMBSTONE = `SELECT z.seq, z.created_seq, z.removed_at, z.transaction_id, z.account_id,
  ${TRANSACTION_FIELDS.slice(2)
    .map(() => "NULL")
    .join(", ")} FROM transaction_tombstones z`;

const ACCOUNT_SQL = `
WITH ${ownCte("(SELECT scope_id FROM tracked_accounts WHERE id = $1::uuid)")}, changed AS (
  (SELECT ${ROW_HEAD}, ${TRANSACTION_COLUMNS}
     FROM transactions t JOIN tracked_accounts ta ON ta.id = t.account_id CROSS JOIN own ${DISPLAY_NAME_JOIN}
    WHERE t.account_id = $1::uuid AND t.change_seq > $2::bigint AND ${UNSEEN_REMOVAL}
    ORDER BY t.change_seq LIMIT $3)
  UNION ALL
  (${TOMBSTONE} WHERE z.account_id = $1::uuid AND z.seq > $2::bigint AND z.created_seq <= $2::bigint ORDER BY z.seq LIMIT $3)
)
SELECT * FROM changed ORDER BY seq LIMIT $3`;

// Each account's next rows by its (account_id, change_seq) index, then the first of them all.
const SCOPE_SQL = `
WITH ${ownCte("$1::uuid")}, changed AS (
  (SELECT ${ROW_HEAD}, ${TRANSACTION_COLUMNS}
     FROM tracked_accounts ta CROSS JOIN own CROSS JOIN LATERAL (
       SELECT * FROM transactions t WHERE t.account_id = ta.id AND t.change_seq > $2::bigint AND ${UNSEEN_REMOVAL}
        ORDER BY t.change_seq LIMIT $3) t ${DISPLAY_NAME_JOIN}
    WHERE ta.scope_id = $1::uuid
    ORDER BY t.change_seq LIMIT $3)
  UNION ALL
  (${TOMBSTONE} WHERE z.scope_id = $1::uuid AND z.seq > $2::bigint AND z.created_seq <= $2::bigint ORDER BY z.seq LIMIT $3)
)
SELECT * FROM changed ORDER BY seq LIMIT $3`;

// Past every change this reader could see: for an account, its newest change number (in the same
// snapshot); for a scope read under its lock, the sequence itself (no writer of the scope is in
// flight, so every later number is larger and not yet taken).
async function accountHighWater(client: PoolClient, accountId: string): Promise<bigint> {
  const { rows } = await client.query<{ seq: string }>(
    `SELECT coalesce(greatest((SELECT max(change_seq) FROM transactions WHERE account_id = $1::uuid),
                              (SELECT max(seq) FROM transaction_tombstones WHERE account_id = $1::uuid)), 0) AS seq`,
    [accountId],
  );
  return BigInt(rows[0].seq);
}
async function scopeHighWater(client: PoolClient): Promise<bigint> {
  const { rows } = await client.query<{ seq: string }>(
    "SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS seq FROM transaction_change_seq",
  );
  return BigInt(rows[0].seq);
}

export type Changes = {
  added: ReturnType<typeof serializeTransaction>[];
  modified: ReturnType<typeof serializeTransaction>[];
  removed: { id: string; accountId: string; removedAt: string }[];
};
type FeedPage = { data: Changes; meta: { nextCursor: string; hasMore: boolean } };
type Read = { cursor?: string; perPage: number };

/** How many changes a reader at `from` (since = after) finds, counted as `classify` sorts them. */
export type ChangeCounts = { added: number; modified: number; removed: number };

// The account feed's rows after $2 (ACCOUNT_SQL's conditions), counted without reading them.
const ACCOUNT_COUNT_SQL = `
SELECT count(*) FILTER (WHERE t.removed_at IS NULL AND t.created_seq > $2::bigint)::int AS added,
       count(*) FILTER (WHERE t.removed_at IS NULL AND t.created_seq <= $2::bigint)::int AS modified,
       (count(*) FILTER (WHERE t.removed_at IS NOT NULL) + (SELECT count(*) FROM transaction_tombstones z
          WHERE z.account_id = $1::uuid AND z.seq > $2::bigint AND z.created_seq <= $2::bigint))::int AS removed
  FROM transactions t WHERE t.account_id = $1::uuid AND t.change_seq > $2::bigint AND ${UNSEEN_REMOVAL}`;

/**
 * What the account's feed lists after `from`, as counts: the numbers a sync's event reports, read in
 * the transaction of the move that ends the sync (its changes are all written by then).
 */
export async function countAccountChanges(
  client: Pick<PoolClient, "query">,
  accountId: string,
  from: bigint,
): Promise<ChangeCounts> {
  const { rows } = await client.query<ChangeCounts>(ACCOUNT_COUNT_SQL, [accountId, String(from)]);
  return rows[0];
}

async function purgedSeq(client: PoolClient, subjectId: string): Promise<bigint> {
  const { rows } = await client.query<{ seq: string }>(
    "SELECT purged_seq::text AS seq FROM change_feed_horizons WHERE subject_id = $1::uuid",
    [subjectId],
  );
  return BigInt(rows[0]?.seq ?? "0");
}

/** Sorts a page's rows into added, modified and removed, as the reader at `position` sees them. */
export function classify(rows: ChangeRow[], position: FeedPosition): Changes {
  const changes: Changes = { added: [], modified: [], removed: [] };
  for (const row of rows) {
    if (row.removed_at !== null) {
      changes.removed.push({ id: row.id, accountId: row.account_id, removedAt: row.removed_at.toISOString() });
    } else if (BigInt(row.created_seq) > position.since) changes.added.push(serializeTransaction(row));
    else changes.modified.push(serializeTransaction(row));
  }
  return changes;
}

async function readFeed(
  client: PoolClient,
  feed: {
    list: ReturnType<typeof accountFeed>;
    subjectId: string;
    sql: string;
    highWater: (client: PoolClient, subjectId: string) => Promise<bigint>;
  },
  read: Read,
): Promise<FeedPage> {
  const position = positionOf(feed.list, read.cursor);
  assertRetained(position, await purgedSeq(client, feed.subjectId));
  const { rows } = await client.query<ChangeRow>(feed.sql, [feed.subjectId, String(position.after), read.perPage + 1]);
  const hasMore = rows.length > read.perPage;
  const page = hasMore ? rows.slice(0, read.perPage) : rows;
  let next: FeedPosition;
  if (hasMore) next = { since: position.since, after: BigInt(page[page.length - 1].seq) };
  else {
    const last = page.length > 0 ? BigInt(page[page.length - 1].seq) : 0n;
    const hw = await feed.highWater(client, feed.subjectId);
    const top = [position.after, last, hw].reduce((a, b) => (a > b ? a : b));
    next = { since: top, after: top };
  }
  return { data: classify(page, position), meta: { nextCursor: cursorOf(feed.list, next), hasMore } };
}

/** One page of an account's changes after the cursor (the account is known to be the caller's). */
export function readAccountChanges(accountId: string, read: Read): Promise<FeedPage> {
  // The isolation in the BEGIN itself: one round trip fewer a page than a SET TRANSACTION after it.
  return pgTransaction(
    (client) =>
      readFeed(
        client,
        { list: accountFeed(accountId), subjectId: accountId, sql: ACCOUNT_SQL, highWater: accountHighWater },
        read,
      ),
    "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY",
  );
}

/** One page of the changes of every account of the scope after the cursor. */
export function readScopeChanges(scopeId: string, read: Read): Promise<FeedPage> {
  // The lock wait bounded: a scope's writers hold the lock for one page's write, a reconcile at most.
  return pgTransaction(async (client) => {
    await client.query("SELECT change_feed_read_lock($1::uuid)", [scopeId]).catch((error: unknown) => {
      // lock_not_available: writes kept the scope busy past the timeout; the caller tries again soon.
      if ((error as { code?: unknown } | null)?.code !== "55P03") throw error;
      throw new ApiError(
        "service_unavailable",
        "Changes are being written in this scope; read again in a few seconds.",
        {
          headers: { "retry-after": "5" },
          cause: error,
        },
      );
    });
    return readFeed(
      client,
      { list: scopeFeed(scopeId), subjectId: scopeId, sql: SCOPE_SQL, highWater: scopeHighWater },
      read,
    );
  }, "BEGIN READ ONLY; SET LOCAL lock_timeout = '20s'");
}
