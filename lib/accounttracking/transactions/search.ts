// A page of transactions with words to find (filter[q]), newest first, in at most two steps.
//
// In key order (sort_date DESC, id DESC) under `LIMIT`, the planner scans from the cursor and tests
// every row until the page is full: cheap for a word in many rows, a scan of the whole account for a
// rare one (2.1 s for a word in one row of 1,000,000). Given a trigram index, the planner cannot tell
// the two apart (it assumes matches are spread evenly) and kept the scan. So the page decides itself:
//  1. the window: at most `window` rows from the cursor, in key order, each tested; when the page
//     fills (or the rows run out) that is the answer, so a common word costs at most `window`
//     cheap tests;
//  2. otherwise the words are rare here (fewer than a page in `window` rows), so their rows are found
//     through the indexes (the trigram index of search_text, the counterparts' index, the amount's)
//     as one set, without the order, then sorted: cheap because they are few.
// Words without a trigram (shorter than three letters or digits) cannot be looked up, so such a
// search keeps the ordered scan. Each step applies the whole filter, so the rows are exactly those
// of the one-query form (testing/integration/accounttracking/transaction-search.integration.test.ts).
import type pg from "pg";
import type { WordSearch } from "@/lib/accounttracking/transactions/filter";

/** The window's size: `window` rows, or `perHit` rows per row wanted when that is more (the CSV's pages). */
export type SearchPlan = { window: number; perHit: number };
export const SEARCH_PLAN: SearchPlan = { window: 10_000, perHit: 20 };

/** Which step answered: the window, the indexes, or (no word has a trigram) the ordered scan. */
export type AnsweredBy = "window" | "index" | "scan";

export type SearchedPageQuery = {
  /** Parameters of `where`, `search` and `shown`; left as they are (each step copies them). */
  values: unknown[];
  /** Conditions on `t` other than the words, the cursor's included. */
  where: string[];
  search: WordSearch;
  /** Rows wanted (a page and one more to know there is a next). */
  limit: number;
  /**
   * The statement that shows the page's keys: given `keys` (a query of `id, sort_date, hit, n`),
   * `WITH …, k AS (${keys}) SELECT …, ${SEARCH_MARKS} FROM … JOIN k ON k.id = t.id
   * ORDER BY k.sort_date DESC, k.id DESC`.
   */
  shown: (keys: string) => string;
};

/** The columns `shown` selects from the keys `k`: whether the row matched, and its place in the window. */
export const SEARCH_MARKS = "k.hit AS search_hit, k.n AS search_n";
type Marked = { search_hit: boolean; search_n: number };

const ORDER = "t.sort_date DESC, t.id DESC";

/** The page's rows (up to `limit`), newest first, and which step found them. */
export async function searchedPage<R>(
  db: Pick<pg.Pool, "query">,
  q: SearchedPageQuery,
  plan: SearchPlan = SEARCH_PLAN,
): Promise<{ rows: (R & Marked)[]; answeredBy: AnsweredBy }> {
  const where = q.where.join(" AND ");
  const run = async (keys: (values: unknown[]) => string) => {
    const values = [...q.values];
    const text = q.shown(keys(values));
    return (await db.query<R & Marked>(text, values)).rows;
  };
  if (!q.search.indexable) {
    const rows = await run(
      (v) =>
        `SELECT t.id, t.sort_date, true AS hit, 0 AS n FROM transactions t WHERE ${where} AND ${q.search.scan}
          ORDER BY ${ORDER} LIMIT $${v.push(q.limit)}`,
    );
    return { rows, answeredBy: "scan" };
  }
  const window = Math.max(plan.window, plan.perHit * q.limit);
  // The window's rows that match, and its last row whether it matches or not: present only when the
  // window was full, i.e. when rows beyond it were not looked at.
  const seen = await run((v) => {
    const w = `$${v.push(window)}::int`;
    return `SELECT id, sort_date, hit, n FROM (
        SELECT t.id, t.sort_date, coalesce(${q.search.scan}, false) AS hit, (row_number() OVER (ORDER BY ${ORDER}))::int AS n
          FROM transactions t WHERE ${where} ORDER BY ${ORDER} LIMIT ${w}) w
       WHERE hit OR n = ${w} ORDER BY sort_date DESC, id DESC LIMIT $${v.push(q.limit + 1)}`;
  });
  const hits = seen.filter((r) => r.search_hit);
  if (hits.length >= q.limit || !seen.some((r) => r.search_n === window))
    return { rows: hits.slice(0, q.limit), answeredBy: "window" };
  // A materialised set has no order to keep, so the planner cannot fall back to the ordered scan.
  const found = `SELECT t.id, t.sort_date FROM transactions t WHERE ${where} AND ${q.search.indexed}`;
  const rows = await run(
    (v) => `WITH found AS MATERIALIZED (${found})
      SELECT id, sort_date, true AS hit, 0 AS n FROM found ORDER BY sort_date DESC, id DESC LIMIT $${v.push(q.limit)}`,
  );
  return { rows, answeredBy: "index" };
}
