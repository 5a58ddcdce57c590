// The recurring-detect job's work for one account: read its booked transactions (each with its
// effective counterpart, consolidation resolved), detect the streams by the bank's today, and write
// them by key, in one transaction under the account's own advisory lock. Re-detection rewrites the
// figures and the status, never the person's word (name, confirmed_at, dismissed_at): a dismissed
// stream found again stays dismissed. A stream no longer found keeps its row, its status moved on by
// the clock (lib/recurring/tick.ts statusOn). Status moves are announced (lib/recurring/announce.ts).
import "server-only";
import type { PoolClient } from "pg";
import { bankToday } from "@/lib/accounttracking/serialize";
import { pgTransaction } from "@/lib/db/client";
import { chainCte } from "@/lib/counterparts/sql";
import { announce } from "@/lib/recurring/announce";
import { detectStreams, type DetectedStream, type Payment, type StreamStatus } from "@/lib/recurring/detect";

/** How far back detection reads: two years of a yearly stream, and no more of a long history. */
const LOOKBACK_DAYS = 800;
/** At most this many of the newest payments (a 1,000,000-row account holds ~700,000 in 800 days). */
const MAX_PAYMENTS = 200_000;

type AccountClock = { scope_id: string; bank_date: string | null; bank_date_read_at: Date | null };

const PAYMENTS = `
WITH RECURSIVE ${chainCte("$2::uuid")}
SELECT t.id, t.booking_date AS date, t.amount::text AS amount, t.currency, chain.root_id AS "counterpartId",
       coalesce(cp.alias, cp.name, CASE WHEN t.amount < 0 THEN t.creditor_name ELSE t.debtor_name END, '') AS label,
       t.creditor_id AS "creditorId", t.mandate_id AS "mandateId",
       CASE WHEN t.amount < 0 THEN t.creditor_iban ELSE t.debtor_iban END AS iban
  FROM transactions t
  LEFT JOIN chain ON chain.id = coalesce(t.bound_counterpart_id, t.counterpart_id)
  LEFT JOIN counterparts cp ON cp.id = chain.root_id
 WHERE t.account_id = $1::uuid AND t.status = 'booked' AND t.removed_at IS NULL AND t.booking_date IS NOT NULL
   AND t.booking_date >= $3
 ORDER BY t.booking_date DESC LIMIT ${MAX_PAYMENTS}`;

const UPSERT = `
INSERT INTO recurring_streams AS s (id, scope_id, account_id, counterpart_id, stream_key, direction, currency, period,
  typical_amount, spread, first_date, last_date, last_amount, next_expected_date, next_expected_amount, occurrences,
  history, status, label, detected_at, updated_at)
VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7::recurring_period, $8::numeric, $9::numeric, $10, $11,
  $12::numeric, $13, $14::numeric, $15, $16::jsonb, $17::recurring_status, $18, now(), now())
ON CONFLICT (account_id, stream_key) DO UPDATE SET
  counterpart_id = EXCLUDED.counterpart_id, period = EXCLUDED.period, typical_amount = EXCLUDED.typical_amount,
  spread = EXCLUDED.spread, first_date = EXCLUDED.first_date, last_date = EXCLUDED.last_date,
  last_amount = EXCLUDED.last_amount, next_expected_date = EXCLUDED.next_expected_date,
  next_expected_amount = EXCLUDED.next_expected_amount, occurrences = EXCLUDED.occurrences,
  history = EXCLUDED.history, status = EXCLUDED.status, label = EXCLUDED.label, detected_at = now(),
  updated_at = CASE WHEN (s.status, s.last_date, s.typical_amount, s.period) IS DISTINCT FROM
    (EXCLUDED.status, EXCLUDED.last_date, EXCLUDED.typical_amount, EXCLUDED.period) THEN now() ELSE s.updated_at END
RETURNING id, coalesce(name, label) AS name, dismissed_at IS NOT NULL AS dismissed`;

async function writeStream(client: PoolClient, scopeId: string, accountId: string, s: DetectedStream) {
  const { rows } = await client.query<{ id: string; name: string; dismissed: boolean }>(UPSERT, [
    scopeId,
    accountId,
    s.counterpartId,
    s.streamKey,
    s.direction,
    s.currency,
    s.period,
    s.typicalAmount,
    s.spread,
    s.firstDate,
    s.lastDate,
    s.lastAmount,
    s.nextExpectedDate,
    s.nextExpectedAmount,
    s.occurrences,
    JSON.stringify(s.history),
    s.status,
    s.label,
  ]);
  return rows[0];
}

/** Detects the account's streams now; the number found, or null when the account is gone. */
export async function detectAccount(accountId: string, now = new Date()): Promise<number | null> {
  return pgTransaction(async (client) => {
    await client.query("SELECT pg_advisory_xact_lock(hashtextextended('recurring:' || $1, 0))", [accountId]);
    // LEFT JOIN: an account kept from statement files has no consent, and so no bank clock; its
    // today is ours (bankToday's fallback).
    const { rows: accounts } = await client.query<AccountClock>(
      `SELECT ta.scope_id, c.bank_date, c.bank_date_read_at
         FROM tracked_accounts ta LEFT JOIN consents c ON c.id = ta.consent_id WHERE ta.id = $1`,
      [accountId],
    );
    const account = accounts[0];
    if (!account) return null;
    const today = bankToday({ bankDate: account.bank_date, bankDateReadAt: account.bank_date_read_at }, now);
    const from = new Date(Date.parse(`${today}T00:00:00Z`) - LOOKBACK_DAYS * 86_400_000).toISOString().slice(0, 10);
    const { rows: payments } = await client.query<Payment>(PAYMENTS, [accountId, account.scope_id, from]);
    const { rows: before } = await client.query<{ stream_key: string; status: StreamStatus }>(
      "SELECT stream_key, status FROM recurring_streams WHERE account_id = $1",
      [accountId],
    );
    const was = new Map(before.map((r) => [r.stream_key, r.status]));
    const streams = detectStreams(payments, today);
    for (const s of streams) {
      const row = await writeStream(client, account.scope_id, accountId, s);
      await announce(
        client,
        { ...s, ...row, scopeId: account.scope_id, accountId },
        { from: was.get(s.streamKey) ?? null, to: s.status, previousAmount: s.previousAmount },
      );
    }
    return streams.length;
  });
}
