// Which dates a sync asks the bank for (its dateFrom; NextGenPSD2 mandates one without delta access).
// First sync: SYNC_HISTORY_DAYS of history. Later syncs: 14 days before the newest booked entry, and
// never after the oldest pending entry we hold. The spec filters pending entries on their entry date
// (often not even shown), so an answer that starts after a pending entry's date says nothing about
// it: a hold 40 days old is only confirmed (or found released) by an answer that reaches back to it.
// reconcile() in turn removes only rows whose dates the answer covered.
// Only rows the bank has listed place the window: a statement file's rows (seen_by_bank false) may
// reach later than anything the bank sent, and a window started from them would never ask the bank
// for the days between its last answer and the file, nor let their entries pair with the file's rows.
import { pool } from "@/lib/db/client";
import { env } from "@/lib/env";
import { addDays } from "@/lib/dates/days";

export const INCREMENTAL_OVERLAP_DAYS = 14;

/** The earliest date a sync may ask for: the first sync's history. */
export function historyStart(today: string): string {
  return addDays(today, -env.SYNC_HISTORY_DAYS);
}

export async function windowStart(
  accountId: string,
  today: string = new Date().toISOString().slice(0, 10),
): Promise<string> {
  const { rows } = await pool().query<{ latest: string | null; oldest_pending: string | null }>(
    // Two index lookups, not one pass over the account's history: the newest booked row from the end
    // of (account_id, sort_date, id), the oldest pending one from the partial pending index.
    `SELECT (SELECT sort_date FROM transactions WHERE account_id = $1 AND removed_at IS NULL AND status = 'booked'
                AND seen_by_bank ORDER BY sort_date DESC LIMIT 1) AS latest,
            (SELECT sort_date FROM transactions WHERE account_id = $1 AND removed_at IS NULL AND status = 'pending'
              ORDER BY sort_date LIMIT 1) AS oldest_pending`,
    [accountId],
  );
  const { latest, oldest_pending: oldestPending } = rows[0] ?? { latest: null, oldest_pending: null };
  if (!latest) return historyStart(today);
  const start = addDays(latest < today ? latest : today, -INCREMENTAL_OVERLAP_DAYS);
  if (!oldestPending || oldestPending >= start) return start;
  return oldestPending > historyStart(today) ? oldestPending : historyStart(today);
}
