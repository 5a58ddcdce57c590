// After a complete pass over [dateFrom, today], rows the bank did not list again are either
// re-issued or removed. Only rows whose dates the answer covered (sort_date ≥ dateFrom) are judged:
// an older row, pending ones included, is simply not in this answer (see lib/sync/window.ts).
//
// Re-issue or two events? Decided from what the bank sends. A missing row M and a row F new in this
// run are the same entry under a new bank id when the amount and currency are equal and
//   (a) both carry the same entryReference (the bank's own reference survived the re-issue), or
//   (b) the counterparty (IBAN, else name) is the same and the value date (booking date when the bank
//       gives none) is the same day: a re-issue renames an entry, it does not move when money moved.
// The counterparty is the other side of the payment, read by its direction with the database's one
// definition of it (ll_other_party, prisma/functions/01_other_party.sql): the creditor of a debit,
// the debtor of a credit. So our own account, which some banks name on the other side, never makes
// two payers look alike (money out and money in never pair anyway: the amounts differ). A zero
// amount has no sign (numeric has no -0): its direction is unknown, so both sides must match, each
// in its role.
// So a cancelled pending payment and a new payment of the same amount to the same party on another
// day are two events: the cancelled one is removed and the new one added (sandbox user `cancelled`).
// A pair keeps our row (its id, bindings, first-seen run) and takes every field of the new entry
// (bank id, entryReference, text, creditorId, mandateId, dates, status…); the row's previous values
// are recorded in transaction_reissues, so every pairing can be audited and undone (reissue-undo.ts).
//
// Pairing in the window is also evidence that the bank re-issues ids: then reconcileRun asks for one
// more pass over every date we hold, so rows older than the window get their new ids too.
//
// Rows only a statement file brought (seen_by_bank false, lib/statements/import) are in the missing
// set too, since the bank lists them under its own id: a pair of one with a new row is the bank's
// entry for what the file said. The row keeps our id, its bindings and the file's ids, and takes the
// bank's fields (the bank's word wins, as when a file matches a synced row); it is counted apart
// (`matchedFile`), not recorded as a re-issue, and says nothing about the bank re-issuing ids. Such a
// row is never removed for being absent from a sync: the bank's answer does not list what only a
// file says. The pairing's keys (PAIRING below) are the one definition the import matches with too.
import type { PoolClient } from "pg";
import { lockChangeFeed } from "@/lib/changes/lock";
import { BANK_COLUMNS } from "@/lib/sync/bank-columns";
import { historyStart } from "@/lib/sync/window";

// Its IBAN, else its name as the bank wrote it (the entry's own fields, not an ultimate party's).
const PARTY = `CASE WHEN amount = 0
  THEN coalesce(creditor_iban, lower(creditor_name), '') || '|' || coalesce(debtor_iban, lower(debtor_name), '')
  ELSE coalesce(ll_other_party(amount, creditor_iban, debtor_iban), lower(ll_other_party(amount, creditor_name, debtor_name)), '') END`;
const ROW = `id, external_id, entry_reference, amount, currency, ${PARTY} AS k, coalesce(value_date, booking_date, sort_date) AS vd,
  coalesce(remittance_information, '') AS rem`;

// Rows of the window the run's pages did not list. What a run has seen is its pages' bank ids
// (sync_run_pages): an unchanged row is not written by the upsert, so no column of it says so. As an
// EXCEPT, a hashed or sorted set difference, linear whatever the planner estimates of the arrays.
const UNSEEN = `unseen AS MATERIALIZED (
  SELECT external_id FROM transactions WHERE account_id = $1 AND removed_at IS NULL AND sort_date >= $3
  EXCEPT SELECT unnest(external_ids) FROM sync_run_pages WHERE run_id = $2)`;
// Unseen rows are window rows (the set above), and saying so lets the planner read them back by the
// window's index range. With the bank id alone it took the set for the whole window and joined it to
// every row of the table by a sequential scan: 1.0 s on a 1,000,000-row account in a 3.8M-row table
// (`npm run bench -- plans`), in every sync that found a row the bank no longer lists.
const IS_UNSEEN = `account_id = $1 AND removed_at IS NULL AND sort_date >= $3
  AND external_id IN (SELECT external_id FROM unseen)`;
// Whether any row is unseen: when none is (a re-sync of unchanged history, a first sync), nothing can
// pair or be removed, and the two statements below, each computing the set difference again, are skipped.
const ANY_UNSEEN = `WITH ${UNSEEN} SELECT EXISTS (SELECT 1 FROM unseen) AS any`;

/**
 * The columns each side of a pairing must have, read from a relation with the transactions' column
 * names (id, external_id, entry_reference, amount, currency, the parties, the dates, the remittance).
 */
export const PAIR_ROW = ROW;

/**
 * The pairing itself, the one definition of "the same entry" shared by reconcile and the statement
 * import (lib/statements/import): the CTEs after `missing` and `fresh` (each selecting PAIR_ROW),
 * ending in a SELECT of (old_id: a row of missing, new_id: its partner in fresh). Entries pair one
 * to one: amount and currency equal, and the same entryReference, else the same counterparty and
 * value date; identical candidates pair in the order of their text and bank id.
 */
export const PAIRING = `by_ref AS (
  SELECT m.id AS old_id, f.id AS new_id
    FROM (SELECT *, row_number() OVER (PARTITION BY entry_reference, amount, currency ORDER BY external_id) AS rn
            FROM missing WHERE entry_reference IS NOT NULL) m
    JOIN (SELECT *, row_number() OVER (PARTITION BY entry_reference, amount, currency ORDER BY external_id) AS rn
            FROM fresh WHERE entry_reference IS NOT NULL) f USING (entry_reference, amount, currency, rn)
), m AS (
  SELECT *, row_number() OVER (PARTITION BY amount, currency, k, vd ORDER BY rem, external_id) AS rn
    FROM missing WHERE id NOT IN (SELECT old_id FROM by_ref)
), f AS (
  SELECT *, row_number() OVER (PARTITION BY amount, currency, k, vd ORDER BY rem, external_id) AS rn
    FROM fresh WHERE id NOT IN (SELECT new_id FROM by_ref)
)
SELECT old_id, new_id FROM by_ref
UNION ALL
SELECT m.id, f.id FROM m JOIN f USING (amount, currency, k, vd, rn)`;

// `seen_by_bank` of the missing row tells a re-issue (the bank listed it before) from the bank's
// entry for a row only a file brought.
const PAIRS = `
WITH ${UNSEEN}, missing AS (
  SELECT ${ROW} FROM transactions WHERE ${IS_UNSEEN}
), fresh AS (
  SELECT ${ROW} FROM transactions WHERE account_id = $1 AND first_seen_run_id = $2
), pairs AS (
  WITH ${PAIRING}
)
SELECT p.old_id, p.new_id, t.seen_by_bank FROM pairs p JOIN transactions t ON t.id = p.old_id`;

// The hash goes with the columns it describes (a snapshot taken before it existed restores it as NULL).
const SNAPSHOT_COLUMNS = [...BANK_COLUMNS, "content_hash", "counterpart_id"];
const snapshotOf = (alias: string) =>
  `(SELECT to_jsonb(x) FROM (SELECT ${SNAPSHOT_COLUMNS.map((c) => `${alias}.${c}`).join(", ")}) x)`;
/** SET list copying the snapshot columns from record `r` (a transactions row). */
export const COPY_FROM_R = SNAPSHOT_COLUMNS.map((c) => `${c} = r.${c}`).join(", ");

export async function reconcile(
  client: PoolClient,
  target: { accountId: string; runId: string; dateFrom: string },
): Promise<{ reissued: number; removed: number; matchedFile: number }> {
  // The change feed's account lock before any row lock (lib/changes/lock.ts): its deletes and updates
  // are changes the feed numbers, and a person's edit of one of these rows must not deadlock with us.
  await lockChangeFeed(client, target.accountId);
  const params = [target.accountId, target.runId, target.dateFrom];
  const { rows: unseen } = await client.query<{ any: boolean }>(ANY_UNSEEN, params);
  if (!unseen[0].any) return { reissued: 0, removed: 0, matchedFile: 0 };
  const { rows: pairs } = await client.query<{ old_id: string; new_id: string; seen_by_bank: boolean }>(PAIRS, params);
  const reissues = pairs.filter((p) => p.seen_by_bank);
  if (pairs.length > 0) {
    const oldIds = pairs.map((p) => p.old_id);
    const newIds = pairs.map((p) => p.new_id);
    await client.query(
      `INSERT INTO transaction_reissues (id, transaction_id, account_id, run_id, old_external_id, new_external_id, previous)
       SELECT gen_random_uuid(), o.id, $1, $2, o.external_id, n.external_id, ${snapshotOf("o")}
         FROM unnest($3::uuid[], $4::uuid[]) AS u(old_id, new_id)
         JOIN transactions o ON o.id = u.old_id JOIN transactions n ON n.id = u.new_id`,
      [target.accountId, target.runId, reissues.map((p) => p.old_id), reissues.map((p) => p.new_id)],
    );
    // The new rows go first (the bank id is unique per account); their content moves onto our rows.
    // As text: a JS round trip would turn the amount 1150.00 into 1150 (decimal strings keep their scale).
    const { rows: gone } = await client.query<{ id: string; row: string }>(
      "DELETE FROM transactions WHERE id = ANY($1::uuid[]) RETURNING id, to_jsonb(transactions.*)::text AS row",
      [newIds],
    );
    const content = new Map(gone.map((g) => [g.id, g.row]));
    // A row only a file brought is first seen by the bank now.
    await client.query(
      `UPDATE transactions t SET ${COPY_FROM_R}, last_seen_run_id = $2, removed_at = NULL, updated_at = now(),
              first_seen_run_id = CASE WHEN t.seen_by_bank THEN t.first_seen_run_id ELSE $2 END, seen_by_bank = true
         FROM unnest($1::uuid[], $3::jsonb[]) AS u(id, row) CROSS JOIN LATERAL jsonb_populate_record(NULL::transactions, u.row) r
        WHERE t.id = u.id`,
      [oldIds, target.runId, pairs.map((p) => content.get(p.new_id))],
    );
  }
  // Only rows the bank listed before can be gone from it; a row only a file brought stays.
  const removed = await client.query(
    `WITH ${UNSEEN} UPDATE transactions SET removed_at = now(), updated_at = now() WHERE ${IS_UNSEEN} AND seen_by_bank`,
    params,
  );
  return { reissued: reissues.length, removed: removed.rowCount ?? 0, matchedFile: pairs.length - reissues.length };
}

/**
 * Reconciles one pass and adds its counts to the run. Returns the date a further pass should start
 * from when this one paired re-issues and we hold rows older than its window; otherwise null.
 */
export async function reconcileRun(
  client: PoolClient,
  target: { accountId: string; runId: string; dateFrom: string },
): Promise<string | null> {
  const result = await reconcile(client, target);
  await client.query("UPDATE sync_runs SET reissued = reissued + $2, removed = removed + $3 WHERE id = $1", [
    target.runId,
    result.reissued,
    result.removed,
  ]);
  if (result.reissued === 0) return null;
  const { rows } = await client.query<{ oldest: string | null }>(
    "SELECT min(sort_date) AS oldest FROM transactions WHERE account_id = $1 AND removed_at IS NULL AND sort_date < $2",
    [target.accountId, target.dateFrom],
  );
  const floor = historyStart(new Date().toISOString().slice(0, 10));
  const oldest = rows[0]?.oldest ?? null;
  const from = oldest && oldest < floor ? floor : oldest;
  return from && from < target.dateFrom ? from : null;
}
