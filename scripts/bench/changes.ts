// The change feed on a 100,000-row account: reading 10,000 changes (10 pages of 1,000) through the
// feed, in-process (readAccountChanges: the query, the classification, the cursors) and through the
// API, against the same rows read with a plain keyset query on (account_id, change_seq); then an
// incremental read after a 10-row change, with its plan (EXPLAIN ANALYZE, BUFFERS): it touches about
// the 10 changed rows, not the account. Rows are generated in SQL under a bench scope.
import type pg from "pg";
import { DISPLAY_NAME_JOIN, TRANSACTION_COLUMNS } from "@/lib/accounttracking/transactions/transactions";
import { readAccountChanges } from "@/lib/changes/feed";
import { accountFeed, cursorOf } from "@/lib/changes/cursor";
import { benchAccount, type AccountBenchTarget } from "./accounts";
import { interleavedMedians } from "./timing";

const ROWS = 100_000;
const READ = 10_000;
const PAGE = 1_000;

export async function seedChangesAccount(db: pg.Pool, scopeId: string, userId: string): Promise<string> {
  const accountId = await benchAccount(db, scopeId, userId);
  await db.query(
    `INSERT INTO transactions (id, scope_id, account_id, external_id, status, booking_date, value_date, sort_date, amount, currency, creditor_name, updated_at)
     SELECT gen_random_uuid(), $1, $2, 'c' || g, 'booked', d, d, d, ((g % 20000) - 10000) / 100.0, 'EUR', 'Party ' || (g % 500), now()
       FROM generate_series(1, ${ROWS}) AS g, LATERAL (SELECT to_char(date '2020-01-01' + (g % 2000), 'YYYY-MM-DD') AS d) AS x`,
    [scopeId, accountId],
  );
  await db.query("ANALYZE transactions");
  return accountId;
}

/** The same rows as the feed's first READ changes, read with a plain keyset query, page by page. */
async function rawRead(db: pg.Pool, accountId: string) {
  let after = "0";
  for (let read = 0; read < READ; read += PAGE) {
    const { rows } = await db.query<{ change_seq: string }>(
      `WITH own AS (SELECT '{}'::text[] AS ibans) SELECT t.change_seq, ${TRANSACTION_COLUMNS}
         FROM transactions t JOIN tracked_accounts ta ON ta.id = t.account_id CROSS JOIN own ${DISPLAY_NAME_JOIN}
        WHERE t.account_id = $1 AND t.change_seq > $2 ORDER BY t.change_seq LIMIT $3`,
      [accountId, after, PAGE],
    );
    after = rows[rows.length - 1].change_seq;
  }
}

async function feedRead(accountId: string) {
  let cursor: string | undefined;
  for (let read = 0; read < READ; read += PAGE)
    cursor = (await readAccountChanges(accountId, { cursor, perPage: PAGE })).meta.nextCursor;
}

async function apiRead(target: AccountBenchTarget) {
  let cursor: string | null = null;
  const headers = { authorization: `Bearer ${target.token}`, "x-scope": target.scopeId };
  for (let read = 0; read < READ; read += PAGE) {
    const query: string = new URLSearchParams({ perPage: String(PAGE), ...(cursor ? { cursor } : {}) }).toString();
    const res = await fetch(
      `${target.baseUrl}/api/accounttracking/v1/accounts/${target.accountId}/transactions/changes?${query}`,
      { headers },
    );
    const body = (await res.json()) as { meta: { nextCursor: string } };
    cursor = body.meta.nextCursor;
  }
}

export async function benchChanges(target: AccountBenchTarget) {
  const { db, accountId } = target;
  // Without an app to call (baseUrl empty), the API is left out.
  const runs: Record<string, () => Promise<void>> = {
    raw: () => rawRead(db, accountId),
    feed: () => feedRead(accountId),
  };
  if (target.baseUrl) runs.api = () => apiRead(target);
  const medians = await interleavedMedians(15, runs);
  // Caught up, then 10 rows change: the next read's plan.
  const { rows: top } = await db.query<{ seq: string }>(
    "SELECT max(change_seq) AS seq FROM transactions WHERE account_id = $1",
    [accountId],
  );
  await db.query(
    "UPDATE transactions SET remittance_information = 'changed' WHERE id IN (SELECT id FROM transactions WHERE account_id = $1 ORDER BY random() LIMIT 10)",
    [accountId],
  );
  const position = { since: BigInt(top[0].seq), after: BigInt(top[0].seq) };
  const incremental = await readAccountChanges(accountId, {
    cursor: cursorOf(accountFeed(accountId), position),
    perPage: PAGE,
  });
  const { rows: plan } = await db.query<{ "QUERY PLAN": string }>(
    `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF, TIMING OFF)
     SELECT ${TRANSACTION_COLUMNS} FROM transactions t JOIN tracked_accounts ta ON ta.id = t.account_id
       CROSS JOIN (SELECT '{}'::text[] AS ibans) own ${DISPLAY_NAME_JOIN}
      WHERE t.account_id = $1 AND t.change_seq > $2 AND (t.removed_at IS NULL OR t.created_seq <= $2)
      ORDER BY t.change_seq LIMIT ${PAGE + 1}`,
    [accountId, top[0].seq],
  );
  return {
    rawMs: medians.raw,
    feedMs: medians.feed,
    apiMs: medians.api ?? null,
    incrementalModified: incremental.data.modified.length,
    plan: plan.map((r) => r["QUERY PLAN"]),
  };
}
