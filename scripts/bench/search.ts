// The clients search (`ILIKE '%q%'` on display_name within a scope) on 100,000 clients, with the
// trigram index and without it (dropped inside a transaction that is rolled back, so the table is
// left as it was). A selective term (one client) is where the index matters; a common term stops
// at the first page of matches either way.
import type pg from "pg";
import { escapeLike } from "@/lib/db/like";
import { interleavedMedians } from "./timing";

export const SEARCH_ROWS = 100_000;

const QUERY = `SELECT id, display_name FROM clients WHERE scope_id = $1 AND display_name ILIKE $2
  ORDER BY created_at DESC, id DESC LIMIT 51`;

export type SearchBench = {
  rareWithMs: number;
  rareWithoutMs: number;
  commonWithMs: number;
  commonWithoutMs: number;
  seedMs: number;
};

export async function benchSearch(db: pg.Pool, scopeId: string): Promise<SearchBench> {
  const t = performance.now();
  await db.query(
    `INSERT INTO clients (id, scope_id, type, display_name, country_code, created_at)
     SELECT gen_random_uuid(), $1, 'company', 'Client ' || n || ' ' || md5(n::text), 'BE', now() - n * interval '1 second'
       FROM generate_series(1, $2::int) n`,
    [scopeId, SEARCH_ROWS],
  );
  await db.query("ANALYZE clients");
  const seedMs = performance.now() - t;
  const rare = `%${escapeLike((await db.query<{ m: string }>("SELECT substr(md5('4242'), 3, 10) AS m")).rows[0].m)}%`;
  const common = "%client 1%";
  const client = await db.connect();
  const run = (pattern: string) => async () => {
    await client.query(QUERY, [scopeId, pattern]);
  };
  try {
    const withIndex = await interleavedMedians(31, { rare: run(rare), common: run(common) });
    await client.query("BEGIN");
    await client.query("DROP INDEX clients_display_name_trgm");
    const without = await interleavedMedians(31, { rare: run(rare), common: run(common) });
    await client.query("ROLLBACK");
    return {
      rareWithMs: withIndex.rare,
      rareWithoutMs: without.rare,
      commonWithMs: withIndex.common,
      commonWithoutMs: without.common,
      seedMs,
    };
  } finally {
    await client.query("ROLLBACK").catch(() => undefined);
    client.release();
  }
}
