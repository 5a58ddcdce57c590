// The sandbox bank's own storage: schema `sandbox_bank` in the app's database, outside the Prisma
// schema (the bank is a separate system). Created idempotently on first use under an advisory lock
// so parallel first requests do not race.
import type pg from "pg";
import { pgTransaction, pool } from "@/lib/db/client";

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

type Globals = { sandboxBankSchema?: Promise<void> };
const globals = globalThis as unknown as Globals;

async function createSchema(): Promise<void> {
  const client = await pool().connect();
  try {
    await client.query("BEGIN");
    await client.query("SELECT pg_advisory_xact_lock($1)", [SCHEMA_LOCK_KEY]);
    await client.query(DDL);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

async function ensureSchema(): Promise<void> {
  if (!globals.sandboxBankSchema) {
    globals.sandboxBankSchema = createSchema().catch((error: unknown) => {
      globals.sandboxBankSchema = undefined;
      throw error;
    });
  }
  return globals.sandboxBankSchema;
}

export async function query<R extends pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
): Promise<pg.QueryResult<R>> {
  await ensureSchema();
  return pool().query<R>(text, values);
}

/** Runs `fn` in one transaction on one connection. */
export async function transaction<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  await ensureSchema();
  return pgTransaction(fn);
}
