// The daily tick: streams move to late or ended by the clock alone, with no new payment to detect.
// "Today" is each account's bank's (its consent's bank date moved on by the days since it was read,
// lib/accounttracking/serialize.ts bankToday), so a sandbox whose clock runs ahead is judged by its
// own calendar (an account kept from statement files has no consent: ours). Each move is written and
// announced in a transaction of its own.
import "server-only";
import { bankToday } from "@/lib/accounttracking/serialize";
import { pgTransaction, pool } from "@/lib/db/client";
import { announce } from "@/lib/recurring/announce";
import type { Period } from "@/lib/recurring/calendar";
import { statusOn, type StreamStatus } from "@/lib/recurring/detect";

type Row = {
  id: string;
  scope_id: string;
  account_id: string;
  name: string;
  direction: "in" | "out";
  currency: string;
  typical_amount: string;
  last_date: string;
  next_expected_date: string;
  period: Period;
  status: StreamStatus;
  dismissed: boolean;
  bank_date: string | null;
  bank_date_read_at: Date | null;
};

const OPEN_STREAMS = `
SELECT s.id, s.scope_id, s.account_id, coalesce(s.name, s.label) AS name, s.direction, s.currency,
       s.typical_amount::text AS typical_amount, s.last_date, s.next_expected_date, s.period, s.status,
       s.dismissed_at IS NOT NULL AS dismissed, c.bank_date, c.bank_date_read_at
  FROM recurring_streams s JOIN tracked_accounts ta ON ta.id = s.account_id LEFT JOIN consents c ON c.id = ta.consent_id
 WHERE s.status <> 'ended' AND s.next_expected_date IS NOT NULL AND ($1::uuid IS NULL OR s.account_id = $1::uuid)`;

/** Moves every open stream (or one account's) to where the clock puts it; returns how many moved. */
export async function moveStreamsByClock(now = new Date(), accountId: string | null = null): Promise<number> {
  const { rows } = await pool().query<Row>(OPEN_STREAMS, [accountId]);
  let moved = 0;
  for (const s of rows) {
    const today = bankToday({ bankDate: s.bank_date, bankDateReadAt: s.bank_date_read_at }, now);
    const to = statusOn(
      { period: s.period, lastDate: s.last_date, nextExpectedDate: s.next_expected_date },
      today,
      s.status === "amount_changed",
    );
    if (to === s.status) continue;
    await pgTransaction(async (client) => {
      // Conditional on the status read: a detection that moved it meanwhile wins.
      const { rowCount } = await client.query(
        "UPDATE recurring_streams SET status = $2::recurring_status, updated_at = now() WHERE id = $1 AND status = $3::recurring_status",
        [s.id, to, s.status],
      );
      if (rowCount !== 1) return;
      moved += 1;
      await announce(
        client,
        {
          id: s.id,
          scopeId: s.scope_id,
          accountId: s.account_id,
          name: s.name,
          direction: s.direction,
          currency: s.currency,
          typicalAmount: s.typical_amount,
          lastDate: s.last_date,
          nextExpectedDate: s.next_expected_date,
          dismissed: s.dismissed,
        },
        { from: s.status, to },
      );
    });
  }
  return moved;
}
