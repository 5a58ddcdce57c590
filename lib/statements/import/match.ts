// A batch of a statement file's entries matched against the rows the account already holds, by the
// sync's own pairing (lib/sync/reconcile.ts PAIRING: amount and currency, and the same
// entryReference, else the same counterparty and value date; one to one), then by the other party's
// name where one side gives no IBAN (MATCH below). Here the stored rows play
// reconcile's "missing" side and the file's entries its "fresh" side, so an entry the PSD2 feed
// brought already is found exactly as the sync would find a re-issued one.
//
// Candidates: the account's live rows whose date lies in the batch's span widened by
// MATCH_MARGIN_DAYS (a pending row sorts by its value date until the bank books it; the margin
// bounds the read on a large account), neither written by this import nor paired in it yet (the
// temporary table PAIRED): an entry of a later batch must not pair with a row an earlier one wrote
// or took, or the second of two identical entries would be lost to the first.
import type { PoolClient } from "pg";
import { addDays } from "@/lib/dates/days";
import { PAIR_ROW, PAIRING } from "@/lib/sync/reconcile";
import type { RowToWrite } from "@/lib/sync/upsert";

export const MATCH_MARGIN_DAYS = 7;

/** The rows this import has paired so far, for its transaction only. */
const PAIRED = "statement_import_paired";

export const CREATE_PAIRED = `CREATE TEMPORARY TABLE ${PAIRED} (id uuid PRIMARY KEY) ON COMMIT DROP`;

// The file's side, under the transactions' column names so PAIR_ROW reads it as it reads rows.
const FRESH_COLUMNS = [
  ["id", "uuid"],
  ["external_id", "text"],
  ["entry_reference", "text"],
  ["amount", "numeric"],
  ["currency", "text"],
  ["creditor_iban", "text"],
  ["creditor_name", "text"],
  ["debtor_iban", "text"],
  ["debtor_name", "text"],
  ["value_date", "text"],
  ["booking_date", "text"],
  ["sort_date", "text"],
  ["remittance_information", "text"],
] as const;

// The other party's name, lower-cased: what the fallback below pairs on beside amount, currency and
// value date.
const PARTY_NAME = "lower(ll_other_party(amount, creditor_name, debtor_name)) AS nm";
// The sync's pairing first. Then one fallback of the import's own: a file often names the other
// party without its IBAN (a bank's CSV export) while the bank's feed gives the IBAN, so the pairing's
// party key (IBAN, else name) differs on the two sides of one entry. What is left pairs one to one on
// the same amount, currency, value date and the other party's name, in the pairing's order.
const MATCH = `
WITH missing AS (
  SELECT ${PAIR_ROW}, ${PARTY_NAME} FROM transactions
   WHERE account_id = $1 AND removed_at IS NULL AND sort_date BETWEEN $2 AND $3
     AND statement_import_id IS DISTINCT FROM $4::uuid
     AND NOT EXISTS (SELECT 1 FROM ${PAIRED} p WHERE p.id = transactions.id)
), fresh AS (
  SELECT ${PAIR_ROW}, ${PARTY_NAME}
    FROM unnest(${FRESH_COLUMNS.map(([, type], i) => `$${5 + i}::${type}[]`).join(", ")})
      AS transactions(${FRESH_COLUMNS.map(([c]) => c).join(", ")})
), synced_pairs AS (
  WITH ${PAIRING}
), m2 AS (
  SELECT *, row_number() OVER (PARTITION BY amount, currency, vd, nm ORDER BY rem, external_id) AS rn2
    FROM missing WHERE nm IS NOT NULL AND id NOT IN (SELECT old_id FROM synced_pairs)
), f2 AS (
  SELECT *, row_number() OVER (PARTITION BY amount, currency, vd, nm ORDER BY rem, external_id) AS rn2
    FROM fresh WHERE nm IS NOT NULL AND id NOT IN (SELECT new_id FROM synced_pairs)
), pairs AS (
  SELECT old_id, new_id FROM synced_pairs
  UNION ALL
  SELECT m2.id, f2.id FROM m2 JOIN f2 USING (amount, currency, vd, nm, rn2)
), kept AS (
  INSERT INTO ${PAIRED} (id) SELECT old_id FROM pairs
)
SELECT p.old_id, p.new_id::text AS new_id, t.statement_import_id IS NOT NULL AS has_file_ids
  FROM pairs p JOIN transactions t ON t.id = p.old_id`;

export type Match = { rowId: string; entry: number; hasFileIds: boolean };

/**
 * Pairs the batch's rows (as they would be written) with the account's stored rows; answers, per
 * pair, the stored row, the batch index of its entry, and whether the row carries a file's ids already.
 */
export async function matchStoredRows(
  client: PoolClient,
  target: { accountId: string; importId: string },
  batch: RowToWrite[],
): Promise<Match[]> {
  if (batch.length === 0) return [];
  const days = batch.map((r) => r.bookingDate ?? r.valueDate ?? "0001-01-01");
  const from = addDays(
    days.reduce((a, b) => (b < a ? b : a)),
    -MATCH_MARGIN_DAYS,
  );
  const to = addDays(
    days.reduce((a, b) => (b > a ? b : a)),
    MATCH_MARGIN_DAYS,
  );
  // The entries' ids on the file's side are their batch positions, as uuids.
  const ids = batch.map((_, i) => `00000000-0000-0000-0000-${String(i).padStart(12, "0")}`);
  const { rows } = await client.query<{ old_id: string; new_id: string; has_file_ids: boolean }>(MATCH, [
    target.accountId,
    from,
    to,
    target.importId,
    ids,
    batch.map((r) => r.externalId),
    batch.map((r) => r.entryReference),
    batch.map((r) => r.amount),
    batch.map((r) => r.currency),
    batch.map((r) => r.creditorIban),
    batch.map((r) => r.creditorName),
    batch.map((r) => r.debtorIban),
    batch.map((r) => r.debtorName),
    batch.map((r) => r.valueDate),
    batch.map((r) => r.bookingDate),
    days,
    batch.map((r) => r.remittanceInformation),
  ]);
  return rows.map((r) => ({
    rowId: r.old_id,
    entry: Number(r.new_id.slice(-12)),
    hasFileIds: r.has_file_ids,
  }));
}

/** Gives matched rows that carry no file ids yet this import's (the bank's columns stay the bank's). */
export async function recordFileIds(
  client: PoolClient,
  matched: { rowId: string; row: RowToWrite }[],
): Promise<number> {
  const fresh = matched.filter((m) => m.row.statement);
  if (fresh.length === 0) return 0;
  const result = await client.query(
    `UPDATE transactions t SET statement_import_id = u.import_id, statement_entry_ref = u.entry_ref, statement_facts = u.facts
       FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::jsonb[]) AS u(id, import_id, entry_ref, facts)
      WHERE t.id = u.id AND t.statement_import_id IS NULL`,
    [
      fresh.map((m) => m.rowId),
      fresh.map((m) => m.row.statement?.importId),
      fresh.map((m) => m.row.statement?.entryRef),
      fresh.map((m) => JSON.stringify(m.row.statement?.facts)),
    ],
  );
  return result.rowCount ?? 0;
}
