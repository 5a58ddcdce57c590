// The replica switch: with DATABASE_REPLICA_URL unset the heavy reads use the primary; set, they go
// to the replica (once it has the account's writes: lib/accounttracking/accounts/read-after-writes.ts). The
// "replica" here is a second database on the same server holding a row the primary does not, so
// where an answer came from shows in the answer. (A real standby: testing/integration/backup/standby.)
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { listTransactions } from "@/lib/accounttracking/transactions/transactions";
import { disconnect, pool, readPool } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { requireDatabaseUrl } from "@/lib/env";

const replicaName = `ledgerlink_replica_${process.pid}_${Date.now()}`;
const replicaUrl = (() => {
  const url = new URL(requireDatabaseUrl());
  url.pathname = `/${replicaName}`;
  return url.toString();
})();

afterAll(async () => {
  delete process.env.DATABASE_REPLICA_URL;
  await disconnect();
  const admin = new pg.Client({ connectionString: requireDatabaseUrl() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${replicaName}" WITH (FORCE)`);
  await admin.end();
});

const ACCOUNT = "00000000-0000-7000-8000-00000000a001";
const SCOPE = "00000000-0000-7000-8000-00000000a002";

// The account on both sides (the same statement: the same stats versions); one row on the replica only.
const ACCOUNT_SETUP = `WITH u AS (INSERT INTO users (id, email, name, password_hash) VALUES (gen_random_uuid(), 'r@example.test', 'r', 'x') RETURNING id),
     s AS (INSERT INTO scopes (id, name) VALUES ($2, 'replica') RETURNING id),
     c AS (INSERT INTO consents (id, scope_id, user_id, integration_name, purpose, expiry_days, bank_id, status, updated_at)
           SELECT gen_random_uuid(), s.id, u.id, 'sandbox', 'account_access', 90, 'sbx-be-01', 'valid', now() FROM s, u RETURNING id, scope_id)
     INSERT INTO tracked_accounts (id, scope_id, consent_id, integration_name, bank_id, country_code, account_type, external_id, currency)
     SELECT $1, c.scope_id, c.id, 'sandbox', 'sbx-be-01', 'BE', 'private', 'x', 'EUR' FROM c`;
const REPLICA_ROW = `INSERT INTO transactions (id, scope_id, account_id, external_id, status, booking_date, value_date, sort_date, amount, currency, updated_at)
     VALUES (gen_random_uuid(), $2, $1, 'only-on-the-replica', 'booked', '2026-01-02', '2026-01-02', '2026-01-02', -12.50, 'EUR', now())`;

async function seedReplicaOnly() {
  await pool().query(`CREATE DATABASE "${replicaName}"`);
  await migrate(replicaUrl);
  const replica = new pg.Client({ connectionString: replicaUrl });
  await replica.connect();
  for (const db of [pool(), replica]) await db.query(ACCOUNT_SETUP, [ACCOUNT, SCOPE]);
  await replica.query(REPLICA_ROW, [ACCOUNT, SCOPE]);
  await replica.end();
}

describe("DATABASE_REPLICA_URL", () => {
  it("unset: reads use the primary; set: the transactions page is read from the replica", async () => {
    delete process.env.DATABASE_REPLICA_URL;
    expect(readPool()).toBe(pool());
    await seedReplicaOnly();
    const filter = { perPage: 10 } as Parameters<typeof listTransactions>[1];
    expect((await listTransactions(ACCOUNT, filter)).items).toEqual([]);

    process.env.DATABASE_REPLICA_URL = replicaUrl;
    expect(readPool()).not.toBe(pool());
    const fromReplica = await listTransactions(ACCOUNT, filter);
    expect(fromReplica.items.map((t) => [t.bankTransactionId, t.amount])).toEqual([["only-on-the-replica", "-12.50"]]);
  });
});
