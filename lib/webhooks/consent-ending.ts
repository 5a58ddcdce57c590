// consent.ending: valid consents with 7 days or fewer left (counted by the bank's calendar, as
// remainingDays is), once per consent and end date (the event's dedupe key). Run by the worker's tick.
// The event goes to the scopes with an endpoint that subscribes to it; the scope's members are told
// in the app whatever the endpoints (lib/notifications/consent-ending.ts), in the same transaction,
// and notices of consents renewed, ended or moved to another end date are resolved first.
import "server-only";
import { remainingDaysOf } from "@/lib/accounttracking/serialize";
import { grantsAccessSql } from "@/lib/accounttracking/consents/lifecycle";
import { pgTransaction, pool } from "@/lib/db/client";
import type { ConsentStatus } from "@/lib/generated/prisma/client";
import { resolveOutdatedConsentEndings, tellConsentEnding } from "@/lib/notifications/consent-ending";
import { emitEvent } from "@/lib/webhooks/outbox";

const ENDING_DAYS = 7;

/**
 * Announces the consents ending soon that were not yet announced for their end date, and tells their
 * scopes in the app; returns how many events were written.
 */
export async function emitConsentsEnding(now = new Date()): Promise<number> {
  await resolveOutdatedConsentEndings(pool(), grantsAccessSql("c"));
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
    subscribed: boolean;
  }>(
    `SELECT c.id, c.scope_id, c.status, c.expiry_days, c.valid_until, c.bank_date, c.bank_date_read_at, c.bank_name,
            EXISTS (SELECT 1 FROM webhook_endpoints w
                     WHERE w.scope_id = c.scope_id AND w.enabled AND 'consent.ending' = ANY (w.events)) AS subscribed
       FROM consents c
      WHERE ${grantsAccessSql("c")} AND c.valid_until IS NOT NULL AND c.valid_until <= to_char($1::date + ($2::int + 2), 'YYYY-MM-DD')`,
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
    const written = await pgTransaction(async (db) => {
      await tellConsentEnding(db, { ...c, daysLeft });
      if (!c.subscribed) return false;
      return emitEvent(
        db,
        c.scope_id,
        {
          type: "consent.ending",
          data: { consentId: c.id, daysLeft, validUntil: c.valid_until, bankName: c.bank_name },
        },
        `consent.ending:${c.id}:${c.valid_until}`,
      );
    });
    if (written) emitted += 1;
  }
  return emitted;
}
