// The account figures are read on the replica (DATABASE_REPLICA_URL) and cached under stats
// versions. A replica lags: the cache must never keep the replica's older figures under the
// primary's newer versions, or it would serve them after the replica has caught up. The "replica"
// here is a second database on the same server given the same writes as the primary, minus the
// newest one: a replica that has not replayed it yet.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountStats } from "@/lib/accounttracking/accounts/stats";
import { disconnect, pool, prisma } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { requireDatabaseUrl } from "@/lib/env";

const replicaName = `ledgerlink_lagging_${process.pid}_${Date.now()}`;
const replicaUrl = (() => {
  const url = new URL(requireDatabaseUrl());
  url.pathname = `/${replicaName}`;
  return url.toString();
})();

const ids = { account: randomUUID(), scope: randomUUID(), user: randomUUID(), consent: randomUUID() };

// The same statements on both sides give the same stats versions (the triggers count statements).
const SETUP = `WITH u AS (INSERT INTO users (id, email, name, password_hash) VALUES ($3::uuid, $3::text || '@example.test', 'r', 'x') RETURNING id),
     s AS (INSERT INTO scopes (id, name) VALUES ($2, 'lagging') RETURNING id),
     c AS (INSERT INTO consents (id, scope_id, user_id, integration_name, purpose, expiry_days, bank_id, status, updated_at)
           SELECT $4, s.id, u.id, 'sandbox', 'account_access', 90, 'sbx-be-01', 'valid', now() FROM s, u RETURNING id, scope_id)
     INSERT INTO tracked_accounts (id, scope_id, consent_id, integration_name, bank_id, country_code, account_type, external_id, currency)
     SELECT $1, c.scope_id, c.id, 'sandbox', 'sbx-be-01', 'BE', 'private', 'lagging', 'EUR' FROM c`;
const rows = (from: number, to: number) =>
  `INSERT INTO transactions (id, scope_id, account_id, external_id, status, booking_date, sort_date, amount, currency, creditor_name, updated_at)
   SELECT gen_random_uuid(), $2, $1, 'tx-' || n, 'booked', '2026-01-0' || n, '2026-01-0' || n, -n, 'EUR', 'Shop', now()
     FROM generate_series(${from}, ${to}) n`;
const params = [ids.account, ids.scope, ids.user, ids.consent];

let replica: pg.Client;

beforeAll(async () => {
  await pool().query(`CREATE DATABASE "${replicaName}"`);
  await migrate(replicaUrl);
  replica = new pg.Client({ connectionString: replicaUrl });
  await replica.connect();
  for (const db of [pool(), replica]) {
    await db.query(SETUP, params);
    await db.query(rows(1, 2), params.slice(0, 2));
  }
  // The newest write: on the primary only, for now.
  await pool().query(rows(3, 3), params.slice(0, 2));
  process.env.DATABASE_REPLICA_URL = replicaUrl;
});

afterAll(async () => {
  delete process.env.DATABASE_REPLICA_URL;
  await replica.end();
  await disconnect();
  const admin = new pg.Client({ connectionString: requireDatabaseUrl() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${replicaName}" WITH (FORCE)`);
  await admin.end();
});

const stats = async () => accountStats(await prisma().trackedAccount.findUniqueOrThrow({ where: { id: ids.account } }));
const cached = async () =>
  (
    await pool().query<{ account_version: string; computed_at: Date }>(
      "SELECT account_version::text, computed_at FROM account_stats_cache WHERE account_id = $1",
      [ids.account],
    )
  ).rows[0];

describe("account figures cached from a lagging replica", () => {
  it("are stored under the versions they were computed at, and fresh once the replica caught up", async () => {
    const primaryVersion = (
      await pool().query<{ version: string }>("SELECT version::text FROM stats_versions WHERE subject_id = $1", [
        ids.account,
      ])
    ).rows[0].version;
    // The replica has two of the three rows: its figures are the older ones (a replica's lag)…
    expect((await stats()).counts.booked).toBe(2);
    // …and they are never cached under the primary's newer version.
    const entry = await cached();
    if (entry) expect(Number(entry.account_version)).toBeLessThan(Number(primaryVersion));

    // The replica replays the newest write: the next read has it, not the old figures from the cache.
    await replica.query(rows(3, 3), params.slice(0, 2));
    expect((await stats()).counts.booked).toBe(3);
    expect((await cached())?.account_version).toBe(primaryVersion);

    // Caught up, the entry is current: served from the cache, not computed and stored again.
    const storedAt = (await cached())?.computed_at;
    expect((await stats()).counts.booked).toBe(3);
    expect((await cached())?.computed_at).toEqual(storedAt);
  });
});
