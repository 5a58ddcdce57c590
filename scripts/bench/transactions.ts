// Transactions page (perPage 100) on an account with 1,000,000 rows: through the API (HTTP, kernel,
// auth, scope, serialisation) at the first page and at a cursor ~90% deep, against the same keyset
// query run directly with pg. All are interleaved in rounds (scripts/bench/timing.ts). Rows are generated in SQL (generate_series) under a bench scope.
import http from "node:http";
import type pg from "pg";
import { encodeCursor } from "@/lib/pagination";
import { transactionsList, transactionsQuery } from "@/lib/accounttracking/transactions/transactions";
import { benchAccount, type AccountBenchTarget } from "./accounts";
import { interleavedMedians } from "./timing";

export type PageBench = {
  firstApiMs: number;
  deepApiMs: number;
  firstFetchMs: number;
  deepFetchMs: number;
  firstGzipMs: number;
  plainBytes: number;
  gzipBytes: number;
  firstRawMs: number;
  deepRawMs: number;
  bareRouteMs: number;
};

const ROWS = 1_000_000;

export async function seedMillion(db: pg.Pool, scopeId: string, userId: string): Promise<string> {
  const accountId = await benchAccount(db, scopeId, userId);
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

/**
 * A keep-alive GET with Node's own HTTP client: the leanest client, as pg is on the raw side. The
 * bench also times fetch (undici), which costs about 0.3 ms more a request here. Neither asks for
 * compression (pg does not compress either); one more fetch series takes the default gzip.
 */
function leanGet(baseUrl: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const origin = new URL(baseUrl);
  return (pathAndQuery: string, headers: Record<string, string>) =>
    new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
      const req = http.get({ host: origin.hostname, port: origin.port, path: pathAndQuery, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      });
      req.on("error", reject);
    });
}

export async function benchPages(options: AccountBenchTarget): Promise<PageBench> {
  const { db, accountId } = options;
  // The row ~90% deep in newest-first order becomes the cursor.
  const deep = await db.query<{ sort_date: string; id: string }>(
    "SELECT sort_date, id FROM transactions WHERE account_id = $1 ORDER BY sort_date DESC, id DESC OFFSET $2 LIMIT 1",
    [accountId, Math.floor(ROWS * 0.9)],
  );
  const cursor = encodeCursor(transactionsList(accountId, {}), [deep.rows[0].sort_date, deep.rows[0].id]);
  const headers = { authorization: `Bearer ${options.token}`, "x-scope": options.scopeId };
  const path = (c?: string) =>
    `/api/accounttracking/v1/accounts/${accountId}/transactions?perPage=100${c ? `&cursor=${c}` : ""}`;
  const get = leanGet(options.baseUrl);
  const check = (status: number, text: string) => {
    const body = JSON.parse(text) as { data: unknown[] };
    if (status !== 200 || body.data.length !== 100) throw new Error(`unexpected page: ${status}`);
  };
  const api = (c?: string) => async () => {
    const res = await get(path(c), headers);
    check(res.status, res.body.toString("utf8"));
  };
  // fetch asks for gzip by default; `identity` keeps the comparison with pg (which does not compress) like for like.
  const apiFetch =
    (c?: string, compressed = false) =>
    async () => {
      const res = await fetch(`${options.baseUrl}${path(c)}`, {
        headers: compressed ? headers : { ...headers, "accept-encoding": "identity" },
      });
      check(res.status, await res.text());
    };
  const raw = (c?: string) => async () => {
    const { rows } = await db.query(transactionsQuery(accountId, { perPage: 100, cursor: c }));
    if (rows.length !== 101) throw new Error("unexpected raw page");
  };
  // What a route pays when Next.js serves it: a constant-JSON route (not a kernel route).
  const bare = async () => {
    const res = await get("/api/health", {});
    if (res.status !== 200) throw new Error("health failed");
  };
  const runs = {
    firstApi: api(),
    deepApi: api(cursor),
    firstFetch: apiFetch(),
    deepFetch: apiFetch(cursor),
    firstGzip: apiFetch(undefined, true),
    firstRaw: raw(),
    deepRaw: raw(cursor),
    bare,
  };
  // Bytes on the wire for one first page, plain and with gzip.
  const wireBytes = async (acceptEncoding: string) =>
    (await get(path(), { ...headers, "accept-encoding": acceptEncoding })).body.length;
  const plainBytes = await wireBytes("identity");
  const gzipBytes = await wireBytes("gzip");
  await interleavedMedians(30, runs); // warm-up
  const m = await interleavedMedians(301, runs);
  return {
    firstApiMs: m.firstApi,
    deepApiMs: m.deepApi,
    firstFetchMs: m.firstFetch,
    deepFetchMs: m.deepFetch,
    firstGzipMs: m.firstGzip,
    plainBytes,
    gzipBytes,
    firstRawMs: m.firstRaw,
    deepRawMs: m.deepRaw,
    bareRouteMs: m.bare,
  };
}
