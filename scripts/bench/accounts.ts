// The bench's own tracked accounts: a valid consent and an empty EUR account at a bank no sync ever
// calls ("bench-bank"), written straight into the database under the bench person's scope.
import type pg from "pg";

/** What a bench over one account's rows needs: the database, the app and who reads it. */
export type AccountBenchTarget = { db: pg.Pool; baseUrl: string; token: string; scopeId: string; accountId: string };

/** Inserts one consent and its one tracked account; returns the account's id. */
export async function benchAccount(db: pg.Pool, scopeId: string, userId: string): Promise<string> {
  const consent = await db.query<{ id: string }>(
    `INSERT INTO consents (id, scope_id, user_id, integration_name, purpose, expiry_days, bank_id, status, updated_at)
     VALUES (gen_random_uuid(), $1, $2, 'sandbox', 'account_access', 90, 'bench-bank', 'valid', now()) RETURNING id`,
    [scopeId, userId],
  );
  const account = await db.query<{ id: string }>(
    `INSERT INTO tracked_accounts (id, scope_id, consent_id, integration_name, bank_id, country_code, account_type, external_id, currency)
     VALUES (gen_random_uuid(), $1, $2, 'sandbox', 'bench-bank', 'BE', 'private', 'bench-' || gen_random_uuid(), 'EUR') RETURNING id`,
    [scopeId, consent.rows[0].id],
  );
  return account.rows[0].id;
}
