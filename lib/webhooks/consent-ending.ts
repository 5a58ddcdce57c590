// consent.ending: valid consents with 7 days or fewer left (counted by the bank's calendar, as
// remainingDays is), once per consent and end date (the event's dedupe key). Run by the worker's tick.
import "server-only";
import { remainingDaysOf } from "@/lib/accounttracking/serialize";
import { grantsAccessSql } from "@/lib/accounttracking/consents/lifecycle";
import { pool } from "@/lib/db/client";
import type { ConsentStatus } from "@/lib/generated/prisma/client";
import { emitEvent } from "@/lib/webhooks/outbox";

const ENDING_DAYS = 7;

/** Announces the consents ending soon that were not yet announced for their end date; returns how many. */
export async function emitConsentsEnding(now = new Date()): Promise<number> {
  // Candidates by our calendar with a day's margin for the bank's; remainingDaysOf decides.
  const { rows } = await pool().query<{
    id: string;
    scope_id: string;
    status: ConsentStatus;
    expiry_days: number;
    valid_until: string;
    bank_date: string | null;
    bank_date_read_at: Date | null;
    bank_name: string | null;
  }>(
    `SELECT c.id, c.scope_id, c.status, c.expiry_days, c.valid_until, c.bank_date, c.bank_date_read_at, c.bank_name
       FROM consents c
      WHERE ${grantsAccessSql("c")} AND c.valid_until IS NOT NULL AND c.valid_until <= to_char($1::date + ($2::int + 2), 'YYYY-MM-DD')
        AND EXISTS (SELECT 1 FROM webhook_endpoints w WHERE w.scope_id = c.scope_id AND w.enabled AND 'consent.ending' = ANY (w.events))`,
    [now.toISOString().slice(0, 10), ENDING_DAYS],
  );
  let emitted = 0;
  for (const c of rows) {
    const daysLeft = Number(
      remainingDaysOf(
        {
          status: c.status,
          expiryDays: c.expiry_days,
          validUntil: c.valid_until,
          bankDate: c.bank_date,
          bankDateReadAt: c.bank_date_read_at,
        },
        now,
      ),
    );
    if (daysLeft > ENDING_DAYS) continue;
    const written = await emitEvent(
      pool(),
      c.scope_id,
      { type: "consent.ending", data: { consentId: c.id, daysLeft, validUntil: c.valid_until, bankName: c.bank_name } },
      `consent.ending:${c.id}:${c.valid_until}`,
    );
    if (written) emitted += 1;
  }
  return emitted;
}
