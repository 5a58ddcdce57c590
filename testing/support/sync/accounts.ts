// Tracked accounts written straight into the database, many at once, for scheduler tests and the
// fleet benchmark: one valid consent per account (`bankConsentId` / `externalId` say what the bank
// knows them as; placeholders when no bank is called).
import { pool } from "@/lib/db/client";

export type AccountSpec = { bankId: string; externalId?: string; bankConsentId?: string; nextScheduledAt?: Date };

/** Inserts one consent and one tracked account per spec into the scope; returns the account ids in order. */
export async function insertTrackedAccounts(scopeId: string, userId: string, specs: AccountSpec[]): Promise<string[]> {
  const { rows } = await pool().query<{ id: string }>(
    `WITH spec AS (
       SELECT s.*, gen_random_uuid() AS consent_id, gen_random_uuid() AS account_id
         FROM unnest($3::text[], $4::text[], $5::text[], $6::timestamptz[]) WITH ORDINALITY
              AS s(bank_id, external_id, bank_consent_id, due, n)
     ), consents AS (
       INSERT INTO consents (id, scope_id, user_id, integration_name, purpose, expiry_days, bank_id, external_id, status,
                             valid_until, updated_at)
       SELECT consent_id, $1, $2, 'sandbox', 'account_access', 90, bank_id, bank_consent_id, 'valid',
              to_char(now() + interval '90 days', 'YYYY-MM-DD'), now() FROM spec
     ), accounts AS (
       INSERT INTO tracked_accounts (id, scope_id, consent_id, integration_name, bank_id, country_code, account_type,
                                     external_id, currency, auto_updates_per_day, next_scheduled_at)
       SELECT account_id, $1, consent_id, 'sandbox', bank_id, 'BE', 'private', external_id, 'EUR', 3, due FROM spec
     )
     SELECT account_id AS id FROM spec ORDER BY n`,
    [
      scopeId,
      userId,
      specs.map((s) => s.bankId),
      specs.map((s, i) => s.externalId ?? `acc-${scopeId}-${i}`),
      specs.map((s, i) => s.bankConsentId ?? `consent-${scopeId}-${i}`),
      specs.map((s) => s.nextScheduledAt ?? new Date(Date.now() - 60_000)),
    ],
  );
  return rows.map((r) => r.id);
}

/**
 * Leaves accounts a test made as nothing later can trip over: their jobs gone, their open runs
 * failed, and not due for automatic updates (later files schedule what is due and count it, and a
 * worker started by a later file would otherwise inherit the backlog).
 */
export async function retireTestAccounts(accountIds: string[], queue: string): Promise<void> {
  await pool().query(
    `DELETE FROM pgboss.job WHERE name = $1
        AND data->>'runId' IN (SELECT id::text FROM sync_runs WHERE account_id = ANY($2::uuid[]))`,
    [queue, accountIds],
  );
  await pool().query(
    `UPDATE sync_runs SET state = 'failed', finished_at = now(), last_error = 'test cleanup'
      WHERE account_id = ANY($1::uuid[]) AND state IN ('queued', 'running')`,
    [accountIds],
  );
  await pool().query("UPDATE tracked_accounts SET auto_updates_per_day = 0 WHERE id = ANY($1::uuid[])", [accountIds]);
}
