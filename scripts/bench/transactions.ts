// Transactions page (perPage 100) on an account with 1,000,000 rows: through the API (HTTP, kernel,
// auth, scope, serialisation) at the first page and at a cursor ~90% deep, against the same keyset
// query run directly with pg. Rows are generated in SQL (generate_series) under a bench scope.
import type pg from "pg";
import { encodeCursor } from "@/lib/api/pagination";
import { transactionsQuery } from "@/lib/accounttracking/transactions";
import { median } from "./timing";

export type PageBench = { firstApiMs: number; deepApiMs: number; firstRawMs: number; deepRawMs: number; bareRouteMs: number };

const ROWS = 1_000_000;

export async function seedMillion(db: pg.Pool, scopeId: string, userId: string): Promise<string> {
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
  const accountId = account.rows[0].id;
  for (let start = 0; start < ROWS; start += 200_000) {
    await db.query(
      `INSERT INTO transactions (id, scope_id, account_id, external_id, status, booking_date, value_date, sort_date, amount, currency, creditor_name, updated_at)
       SELECT gen_random_uuid(), $1, $2, 'b' || g, 'booked', d, d, d, ((g % 20000) - 10000) / 100.0, 'EUR', 'Party ' || (g % 500), now()
         FROM generate_series($3::int, $4::int) AS g, LATERAL (SELECT to_char(date '2020-01-01' + (g % 2000), 'YYYY-MM-DD') AS d) AS x`,
      [scopeId, accountId, start, Math.min(ROWS, start + 200_000) - 1],
    );
  }
  await db.query("ANALYZE transactions");
  return accountId;
}


export async function benchPages(options: { db: pg.Pool; baseUrl: string; token: string; scopeId: string; accountId: string }): Promise<PageBench> {
  const { db, accountId } = options;
  // The row ~90% deep in newest-first order becomes the cursor.
  const deep = await db.query<{ sort_date: string; id: string }>(
    "SELECT sort_date, id FROM transactions WHERE account_id = $1 ORDER BY sort_date DESC, id DESC OFFSET $2 LIMIT 1",
    [accountId, Math.floor(ROWS * 0.9)],
  );
  const cursor = encodeCursor([deep.rows[0].sort_date, deep.rows[0].id]);
  const headers = { authorization: `Bearer ${options.token}`, "x-scope": options.scopeId };
  const url = (c?: string) => `${options.baseUrl}/api/accounttracking/v1/accounts/${accountId}/transactions?perPage=100${c ? `&cursor=${c}` : ""}`;
  const api = (c?: string) => async () => {
    const res = await fetch(url(c), { headers });
    const body = (await res.json()) as { data: unknown[] };
    if (res.status !== 200 || body.data.length !== 100) throw new Error(`unexpected page: ${res.status}`);
  };
  const raw = (c?: string) => async () => {
    const { rows } = await db.query(transactionsQuery(accountId, { perPage: 100, cursor: c }));
    if (rows.length !== 101) throw new Error("unexpected raw page");
  };
  for (let i = 0; i < 20; i += 1) {
    await api()();
    await api(cursor)();
    await raw()();
    await raw(cursor)();
  }
  // The floor every route pays in this server (HTTP, Next.js routing): a constant-JSON route, same method.
  const bare = async () => void (await (await fetch(`${options.baseUrl}/api/health`)).text());
  for (let i = 0; i < 20; i += 1) await bare();
  return {
    bareRouteMs: await median(101, bare),
    firstApiMs: await median(101, api()),
    deepApiMs: await median(101, api(cursor)),
    firstRawMs: await median(101, raw()),
    deepRawMs: await median(101, raw(cursor)),
  };
}
