// After a complete pass over [dateFrom, today], rows in that window the bank did not list again are
// either re-issued (same amount, currency and counterpart within 3 days as a row new in this run:
// our row keeps its id and takes the new external id, and the match is recorded so it can be
// undone) or removed at the bank (soft-deleted: a cancelled pending entry, for example).
import type { PoolClient } from "pg";

const PARTY = "coalesce(creditor_iban, debtor_iban, lower(creditor_name), lower(debtor_name), '')";

const PAIRS = `
WITH missing AS (
  SELECT id, external_id, amount, currency, sort_date::date AS d, ${PARTY} AS k
    FROM transactions
   WHERE account_id = $1 AND removed_at IS NULL AND last_seen_run_id IS DISTINCT FROM $2
     AND (sort_date >= $3 OR status = 'pending')
), fresh AS (
  SELECT id, external_id, amount, currency, sort_date::date AS d, ${PARTY} AS k, status, booking_date, value_date, sort_date
    FROM transactions
   WHERE account_id = $1 AND first_seen_run_id = $2
), m AS (
  SELECT *, row_number() OVER (PARTITION BY amount, currency, k ORDER BY d, external_id) AS rn FROM missing
), f AS (
  SELECT *, row_number() OVER (PARTITION BY amount, currency, k ORDER BY d, external_id) AS rn FROM fresh
)
SELECT m.id AS old_id, m.external_id AS old_external_id, f.id AS new_id, f.external_id AS new_external_id,
       f.status::text AS status, f.booking_date, f.value_date, f.sort_date
  FROM m JOIN f ON m.amount = f.amount AND m.currency = f.currency AND m.k = f.k AND m.rn = f.rn
 WHERE abs(m.d - f.d) <= 3`;

type Pair = {
  old_id: string;
  old_external_id: string;
  new_id: string;
  new_external_id: string;
  status: string;
  booking_date: string | null;
  value_date: string | null;
  sort_date: string;
};

export async function reconcile(
  client: PoolClient,
  target: { accountId: string; runId: string; dateFrom: string },
): Promise<{ reissued: number; removed: number }> {
  const { rows: pairs } = await client.query<Pair>(PAIRS, [target.accountId, target.runId, target.dateFrom]);
  if (pairs.length > 0) {
    const col = <K extends keyof Pair>(k: K) => pairs.map((p) => p[k]);
    await client.query(
      `INSERT INTO transaction_reissues (id, transaction_id, account_id, run_id, old_external_id, new_external_id)
       SELECT gen_random_uuid(), u.tid, $1, $2, u.old_ext, u.new_ext FROM unnest($3::uuid[], $4::text[], $5::text[]) AS u(tid, old_ext, new_ext)`,
      [target.accountId, target.runId, col("old_id"), col("old_external_id"), col("new_external_id")],
    );
    await client.query("DELETE FROM transactions WHERE id = ANY($1::uuid[])", [col("new_id")]);
    await client.query(
      `UPDATE transactions t SET external_id = u.new_ext, status = u.status::"TransactionStatus", booking_date = u.bd,
              value_date = u.vd, sort_date = u.sd, last_seen_run_id = $2, updated_at = now()
         FROM unnest($1::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) AS u(id, new_ext, status, bd, vd, sd)
        WHERE t.id = u.id`,
      [col("old_id"), target.runId, col("new_external_id"), col("status"), col("booking_date"), col("value_date"), col("sort_date")],
    );
  }
  const removed = await client.query(
    `UPDATE transactions SET removed_at = now(), updated_at = now()
      WHERE account_id = $1 AND removed_at IS NULL AND last_seen_run_id IS DISTINCT FROM $2
        AND (sort_date >= $3 OR status = 'pending')`,
    [target.accountId, target.runId, target.dateFrom],
  );
  return { reissued: pairs.length, removed: removed.rowCount ?? 0 };
}
