// Idempotent ingest of one page of bank transactions, in two steps. First the page's bank ids and
// each row's content_hash (lib/sync/bank-columns.ts: SHA-256 of exactly the values the upsert would
// write) go to the database, which records what the run saw and answers which rows differ: new,
// changed, stored without a hash, removed or still without a counterpart. Only those rows' columns are
// then sent to the upsert (lib/sync/upsert.ts), which compares them in full and writes what the bank
// changed, never silently skipping a change. A row the bank left unchanged thus costs a key probe and
// a 32-byte comparison: it is neither written nor locked, and takes no change number.
//
// What the run saw is recorded once per page (sync_run_pages, every bank id of the page, changed or
// not): that is how reconcile and the occurrence numbering know it.
//
// A stored hash always describes the stored row: the upsert writes both together, reconcile and the
// re-issue undo copy it with the columns, and a trigger (migration transaction_content_hash) makes it
// NULL, "not known", when any other update changes a bank column and leaves the hash as it was.
import type { PoolClient } from "pg";
import { COLUMNS, contentHash, rowValues } from "@/lib/sync/bank-columns";
import type { RuleEvaluator } from "@/lib/rules/evaluate";
import type { ParsedRule } from "@/lib/rules/parse";
import { numberOccurrences } from "@/lib/sync/occurrence";
import { PROBE_ACCOUNT, type RowToWrite, upsertRows, type WriteTarget } from "@/lib/sync/upsert";

const SORT_DATE = COLUMNS.findIndex(([c]) => c === "sort_date");

type IngestCounts = {
  added: number;
  updated: number;
  unchanged: number;
  unresolved: string[];
  written: string[];
  /** Rules that could not run on the page's new rows (lib/sync/filing.ts). */
  failed: ParsedRule[];
};

// The bank ids of the page's rows the upsert must see: those whose stored row is missing, has another
// hash (or none), is removed or has no counterpart yet. First one range scan of the account's rows over
// the page's dates (its sort dates' span), in the index's order: a bank lists by date, so an unchanged
// page is found there whole, reading about the page's rows once (half the time of a key probe per
// row). Matched by id and hash as a set difference (EXCEPT), which is hashed or sorted whatever the
// planner estimates: as an anti-join it took a nested loop on a fresh account and compared every pair
// (70 ms a page). What stays unmatched (new and changed rows, rows beyond the LIMIT when the days hold
// many more rows than the page) is looked up by one probe of the (account_id, external_id) key per row
// (PROBE_ACCOUNT); a missing row compares as a NULL hash, so it is listed. An unchanged row's stored
// sort date is the page's own, so it is always in the span.
const DIFFERING = `
WITH seen AS (
  INSERT INTO sync_run_pages (run_id, external_ids) VALUES ($2, $3::text[])
), stored AS (
  SELECT t.external_id, t.content_hash FROM transactions t
   WHERE t.account_id = ${PROBE_ACCOUNT("$1")} AND t.sort_date BETWEEN $5 AND $6
     AND t.removed_at IS NULL AND t.counterpart_id IS NOT NULL
   ORDER BY t.sort_date
   LIMIT $7
), unmatched AS (
  SELECT external_id, decode(hash_hex, 'hex') AS content_hash FROM unnest($3::text[], $4::text[]) AS i(external_id, hash_hex)
  EXCEPT
  SELECT external_id, content_hash FROM stored
)
SELECT coalesce(array_agg(i.external_id), '{}') AS differing
  FROM unmatched i
  LEFT JOIN LATERAL (SELECT t.content_hash, t.removed_at, t.counterpart_id FROM transactions t
                      WHERE t.account_id = ${PROBE_ACCOUNT("$1")} AND t.external_id = i.external_id OFFSET 0) t ON true
 WHERE t.content_hash IS DISTINCT FROM i.content_hash OR t.removed_at IS NOT NULL OR t.counterpart_id IS NULL`;

/** How many rows of the page's days the range scan reads at most, for a page of `rows`. */
const rangeLimit = (rows: number) => 2 * rows;

/**
 * Ingests a page (deduplicated by external id within the page) inside the caller's transaction.
 * `compareFirst: false` sends the whole page to the upsert at once, for a page that is likely new (the
 * previous one was): the hashes would list nearly every row, so one statement does instead of two.
 * Either way the same rows are written and the same ids recorded. With `rules`, new rows are filed as
 * they are written (lib/sync/upsert.ts upsertRows).
 */
export async function ingestPage(
  client: PoolClient,
  target: WriteTarget,
  transactions: RowToWrite[],
  { compareFirst = true, rules }: { compareFirst?: boolean; rules?: RuleEvaluator } = {},
): Promise<IngestCounts> {
  if (transactions.length === 0) return { added: 0, updated: 0, unchanged: 0, unresolved: [], written: [], failed: [] };
  // A bank may list an entry in both booked and pending on the same page; booked wins. Id-less
  // entries are numbered first: identical ones are separate entries, never duplicates of each other.
  const byId = new Map<string, RowToWrite>();
  for (const t of await numberOccurrences(client, target, transactions)) {
    const prior = byId.get(t.externalId);
    if (!prior || (prior.status === "pending" && t.status === "booked")) byId.set(t.externalId, t);
  }
  const page = [...byId.values()];
  const values = page.map(rowValues);
  const hashes = values.map(contentHash);
  // A statement import (no run) sends only entries its matching found no row for (lib/statements/
  // import): new by construction, so nothing to compare; and it has no run to record them under.
  if (!compareFirst || target.runId === null) {
    const counts = await upsertRows(client, target, { transactions: page, values, hashes }, true, rules);
    return { ...counts, unchanged: page.length - counts.added - counts.updated };
  }
  const sortDates = values.map((v) => v[SORT_DATE] ?? "");
  const { rows } = await client.query<{ differing: string[] }>(DIFFERING, [
    target.accountId,
    target.runId,
    page.map((t) => t.externalId),
    hashes,
    sortDates.reduce((a, b) => (b < a ? b : a)),
    sortDates.reduce((a, b) => (b > a ? b : a)),
    rangeLimit(page.length),
  ]);
  const position = new Map(page.map((t, i) => [t.externalId, i]));
  const differing = rows[0].differing
    .map((id) => {
      const at = position.get(id);
      if (at === undefined) throw new Error(`the page check named a bank id the page does not hold: ${id}`);
      return at;
    })
    .sort((a, b) => a - b);
  if (differing.length === 0)
    return { added: 0, updated: 0, unchanged: page.length, unresolved: [], written: [], failed: [] };
  const counts = await upsertRows(
    client,
    target,
    {
      transactions: differing.map((i) => page[i]),
      values: differing.map((i) => values[i]),
      hashes: differing.map((i) => hashes[i]),
    },
    false,
    rules,
  );
  return { ...counts, unchanged: page.length - counts.added - counts.updated };
}
