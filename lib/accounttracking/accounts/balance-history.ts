// The balance history (account_balances): every balance a sync reads from the bank is kept, each
// type it sends with its reference date, once per read. The account's shown balance
// (tracked_accounts.balance_amount) is the newest booked one in the account's own currency, written
// in the same transaction, so the figure shown is always one the history holds. The reads below
// give lib/ledger what it computes the daily series and reconciliation from.
import { shownBalance } from "@/lib/banking/balance";
import type { BankBalance } from "@/lib/banking/types";
import { pgTransactionWithRetry } from "@/lib/db/retry";
import { rows, type SqlDb } from "@/lib/db/sql";
import type { BookedDay } from "@/lib/ledger/booked-days";
import type { StoredBalance } from "@/lib/ledger/points";

/**
 * Records the balances a sync run read (none: only last_synced_at moves) and moves the shown one.
 * A balance the bank sends without a reference date refers to `bankDay`, the bank's date of the read.
 * Idempotent per run: a retried write of the same read adds nothing (the unique key ends in the run).
 */
export async function recordBankBalances(
  target: { scopeId: string; accountId: string; runId: string },
  balances: readonly BankBalance[],
  bankDay: string,
): Promise<void> {
  const dated = balances.map((b) => ({ ...b, referenceDate: b.referenceDate ?? bankDay }));
  await pgTransactionWithRetry(
    async (client) => {
      if (dated.length > 0)
        await client.query(
          `INSERT INTO account_balances (id, scope_id, account_id, source, run_id, balance_type, amount, currency, reference_date)
           SELECT gen_random_uuid(), $1, $2, 'bank', $3, t, a, c, d
             FROM unnest($4::text[], $5::numeric[], $6::text[], $7::text[]) AS b(t, a, c, d)
           ON CONFLICT (account_id, run_id, balance_type, currency, reference_date) DO NOTHING`,
          [
            target.scopeId,
            target.accountId,
            target.runId,
            dated.map((b) => b.type),
            dated.map((b) => b.amount),
            dated.map((b) => b.currency),
            dated.map((b) => b.referenceDate),
          ],
        );
      // Only a balance in the account's currency is shown under it; none read keeps the last one.
      await client.query(
        `WITH shown AS (SELECT $2::numeric AS amount, $3::text AS day, $4::text AS currency)
         UPDATE tracked_accounts t SET last_synced_at = now(),
                balance_amount = CASE WHEN s.currency = t.currency THEN s.amount ELSE t.balance_amount END,
                balance_date = CASE WHEN s.currency = t.currency THEN s.day ELSE t.balance_date END
           FROM shown s WHERE t.id = $1`,
        [target.accountId, ...shownOf(dated)],
      );
    },
    { name: "sync.balances", fields: { runId: target.runId } },
  );
}

function shownOf(balances: (BankBalance & { referenceDate: string })[]): [string | null, string | null, string | null] {
  const shown = shownBalance(balances);
  return shown ? [shown.amount, shown.referenceDate, shown.currency] : [null, null, null];
}

// ---------------------------------------------------------------------------------------------
// Reads: the stored balances and the booked days the ledger (lib/ledger) stands on.

/** Every balance kept for the account, oldest reference date first. */
export async function storedBalances(db: SqlDb, accountId: string): Promise<StoredBalance[]> {
  const found = await rows<StoredBalance & { observedAt: Date }>(
    db,
    `SELECT id, amount::text AS amount, currency, balance_type AS "balanceType", reference_date AS "referenceDate",
            source::text AS source, observed_at AS "observedAt"
       FROM account_balances WHERE account_id = $1::uuid
      ORDER BY reference_date, observed_at, id`,
    [accountId],
  );
  return found.map((b) => ({ ...b, observedAt: new Date(b.observedAt).toISOString() }));
}

/**
 * The account's booked transactions summed per booking date and currency over [from, to] (bank
 * dates): booked, not removed. A booked row's sort date is its booking date, so the range is the
 * (account_id, sort_date) index's.
 */
export function bookedDays(db: SqlDb, accountId: string, from: string, to: string): Promise<BookedDay[]> {
  return rows<BookedDay>(
    db,
    `SELECT coalesce(booking_date, sort_date) AS date, currency, sum(amount)::text AS total, count(*)::int AS count
       FROM transactions
      WHERE account_id = $1::uuid AND status = 'booked' AND removed_at IS NULL AND sort_date BETWEEN $2 AND $3
      GROUP BY 1, 2 ORDER BY 1, 2`,
    [accountId, from, to],
  );
}
