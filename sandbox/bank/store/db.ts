// The sandbox bank's own storage: schema `sandbox_bank` in the bank's own database (SANDBOX_DATABASE_URL,
// or database `sandbox_bank` of the embedded cluster), outside the app's (the bank is a separate
// system). The database is created when missing and the schema idempotently on open, under an
// advisory lock so two bank processes starting together do not race. One pool per process: the banks
// run in one process (sandbox/server.ts, or a test's), so it is plain module state.
import pg from "pg";
import { resilientPool } from "@/lib/plumbing/pg-pool";
import { transactionOn } from "@/lib/plumbing/pg-transaction";
import { log } from "@/sandbox/shared/log";

const SCHEMA_LOCK_KEY = 0x5b_ba_4e_01;

const DDL = `
CREATE SCHEMA IF NOT EXISTS sandbox_bank;
CREATE TABLE IF NOT EXISTS sandbox_bank.clock (
  id smallint PRIMARY KEY CHECK (id = 1),
  offset_days integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO sandbox_bank.clock (id) VALUES (1) ON CONFLICT DO NOTHING;
CREATE TABLE IF NOT EXISTS sandbox_bank.consents (
  id text PRIMARY KEY,
  bank_id text NOT NULL,
  psu_id text,
  status text NOT NULL,
  access jsonb NOT NULL,
  recurring_indicator boolean NOT NULL,
  valid_until date NOT NULL,
  frequency_per_day integer NOT NULL,
  combined_service_indicator boolean NOT NULL DEFAULT false,
  tpp_redirect_uri text NOT NULL,
  tpp_nok_redirect_uri text,
  request_id text NOT NULL,
  login_token text,
  created_at timestamptz NOT NULL DEFAULT now(),
  approved_at timestamptz,
  status_changed_at timestamptz NOT NULL DEFAULT now(),
  last_action_date date
);
-- REDIRECT or DECOUPLED (the user decoupled approves in the bank's app); added after the table.
ALTER TABLE sandbox_bank.consents ADD COLUMN IF NOT EXISTS sca_approach text NOT NULL DEFAULT 'REDIRECT';
CREATE TABLE IF NOT EXISTS sandbox_bank.access_counts (
  consent_id text NOT NULL,
  account_id text NOT NULL,
  day date NOT NULL,
  count integer NOT NULL DEFAULT 0,
  PRIMARY KEY (consent_id, account_id, day)
);
CREATE TABLE IF NOT EXISTS sandbox_bank.scenario_counters (
  consent_id text NOT NULL,
  account_id text NOT NULL,
  name text NOT NULL,
  value integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (consent_id, account_id, name)
);
`;

let pool: pg.Pool | null = null;

function poolOf(): pg.Pool {
  if (!pool) throw new Error("The sandbox bank's database is not open (openBankDatabase)");
  return pool;
}

/** Creates the database named in `url` when the server does not have it yet. */
async function createDatabaseIfMissing(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const probe = new pg.Client({ connectionString: url });
  try {
    await probe.connect();
    return;
  } catch (error) {
    // 3D000: invalid_catalog_name, the database does not exist.
    if ((error as { code?: string }).code !== "3D000") throw error;
  } finally {
    await probe.end().catch(() => undefined);
  }
  const maintenance = new URL(url);
  maintenance.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: maintenance.toString() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name.replace(/"/g, "")}"`);
  } catch (error) {
    // 42P04: duplicate_database, another bank process created it meanwhile.
    if ((error as { code?: string }).code !== "42P04") throw error;
  } finally {
    await admin.end();
  }
}

async function createSchema(url: string): Promise<void> {
  await createDatabaseIfMissing(url);
  await transaction(async (client) => {
    await client.query("SELECT pg_advisory_xact_lock($1)", [SCHEMA_LOCK_KEY]);
    await client.query(DDL);
  });
}

/** Opens the bank's database at `url` (creating it and its tables when missing); `close` ends the pool. */
export async function openBankDatabase(url: string): Promise<{ close: () => Promise<void> }> {
  if (pool) throw new Error("The sandbox bank's database is already open");
  // A connection the server ends (a restart, the cluster stopping) must not take the process down.
  const opened = resilientPool({ connectionString: url, max: 10 }, (error) =>
    log.warn("sandbox bank pool: idle connection lost", { error }),
  );
  pool = opened;
  try {
    await createSchema(url);
  } catch (error) {
    pool = null;
    await opened.end().catch(() => undefined);
    throw error;
  }
  return {
    close: async () => {
      if (pool === opened) pool = null;
      await opened.end();
    },
  };
}

export async function query<R extends pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
): Promise<pg.QueryResult<R>> {
  return poolOf().query<R>(text, values);
}

/** Runs `fn` in one transaction on one connection of the bank's pool. */
export function transaction<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return transactionOn(poolOf(), fn);
}
