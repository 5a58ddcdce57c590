// The transaction runner that retries deadlock victims and serialization failures (lib/db/retry.ts),
// against the real database: the errors are PostgreSQL's own (a unique violation; 40P01 and 40001
// raised by the server), and what committed is read back from a real table.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type pg from "pg";
import { pool } from "@/lib/db/client";
import { pgTransactionWithRetry, TRANSACTION_ATTEMPTS } from "@/lib/db/retry";
import { log, redact } from "@/lib/log";

const TABLE = "transaction_retry_probe";

/** Raises an error with the given SQLSTATE from the server, naming the attempt in its message. */
const raise = (client: pg.PoolClient, sqlstate: string, attempt: number) =>
  client.query(`DO $$ BEGIN RAISE EXCEPTION 'attempt %', ${attempt} USING ERRCODE = '${sqlstate}'; END $$`);

const insert = (client: pg.PoolClient, id: number) => client.query(`INSERT INTO ${TABLE} (id) VALUES ($1)`, [id]);

async function stored(): Promise<number[]> {
  const { rows } = await pool().query<{ id: number }>(`SELECT id FROM ${TABLE} ORDER BY id`);
  return rows.map((r) => r.id);
}

const retryLines = (warn: { mock: { calls: unknown[][] } }) =>
  warn.mock.calls
    .filter(([message]) => String(message).startsWith("transaction aborted by the database"))
    .map(([, fields]) => redact(fields));

beforeAll(async () => {
  await pool().query(`CREATE TABLE IF NOT EXISTS ${TABLE} (id int PRIMARY KEY)`);
});

beforeEach(async () => {
  await pool().query(`TRUNCATE ${TABLE}`);
});

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(async () => {
  await pool().query(`DROP TABLE IF EXISTS ${TABLE}`);
});

describe("pgTransactionWithRetry", () => {
  it("work that succeeds on its second attempt commits exactly once; the first attempt leaves nothing", async () => {
    const warn = vi.spyOn(log, "warn");
    let attempts = 0;
    const result = await pgTransactionWithRetry(
      async (client) => {
        attempts += 1;
        await insert(client, 1);
        await insert(client, 100 + attempts);
        if (attempts === 1) await raise(client, "40P01", attempts);
        return "done";
      },
      { name: "probe", fields: { probe: "second" } },
    );
    expect([result, attempts]).toEqual(["done", 2]);
    expect(await stored()).toEqual([1, 102]);
    expect(retryLines(warn)).toEqual([
      expect.objectContaining({ transaction: "probe", probe: "second", pgCode: "40P01", attempt: 1 }),
    ]);
  });

  it("a serialization failure (40001) is retried too", async () => {
    let attempts = 0;
    await pgTransactionWithRetry(
      async (client) => {
        attempts += 1;
        await insert(client, attempts);
        if (attempts < TRANSACTION_ATTEMPTS) await raise(client, "40001", attempts);
      },
      { name: "probe" },
    );
    expect(attempts).toBe(TRANSACTION_ATTEMPTS);
    expect(await stored()).toEqual([TRANSACTION_ATTEMPTS]);
  });

  it("a non-retryable error (a unique violation, 23505) is thrown at once, unchanged, after one attempt", async () => {
    const warn = vi.spyOn(log, "warn");
    await pool().query(`INSERT INTO ${TABLE} (id) VALUES (7)`);
    let attempts = 0;
    let thrown: unknown;
    await pgTransactionWithRetry(
      async (client) => {
        attempts += 1;
        await insert(client, 8);
        await insert(client, 7);
      },
      { name: "probe" },
    ).catch((error: unknown) => {
      thrown = error;
    });
    expect(attempts).toBe(1);
    expect(thrown).toMatchObject({ code: "23505", constraint: `${TABLE}_pkey` });
    expect(await stored()).toEqual([7]);
    expect(retryLines(warn)).toEqual([]);
  });

  it("a deadlock on every attempt gives up after the bound and throws the last attempt's error", async () => {
    const warn = vi.spyOn(log, "warn");
    let attempts = 0;
    const failing = pgTransactionWithRetry(
      async (client) => {
        attempts += 1;
        await insert(client, attempts);
        await raise(client, "40P01", attempts);
      },
      { name: "probe" },
    );
    await expect(failing).rejects.toMatchObject({ code: "40P01", message: `attempt ${TRANSACTION_ATTEMPTS}` });
    expect(attempts).toBe(TRANSACTION_ATTEMPTS);
    expect(TRANSACTION_ATTEMPTS).toBe(3);
    expect(await stored()).toEqual([]);
    // Each retry is logged; the last failure is the caller's to log.
    expect(retryLines(warn).map((fields) => (fields as { attempt: number }).attempt)).toEqual([1, 2]);
  });
});
