// Our stored rows of an account against what a local fake bank holds (its totals: counts per status,
// sum per currency, the ids it sends).
import { expect } from "vitest";
import { pool } from "@/lib/db/client";

export type FakeTotals = { booked: number; pending: number; sumByCurrency: Record<string, string>; ids: string[] };
type Ours = { booked: number; pending: number; duplicates: number; sums: Record<string, string>; ids: string[] };

export async function storedTotals(accountId: string): Promise<Ours> {
  const live = "FROM transactions WHERE account_id = $1 AND removed_at IS NULL";
  const counts = await pool().query<{ booked: number; pending: number; duplicates: number }>(
    `SELECT count(*) FILTER (WHERE status = 'booked')::int AS booked, count(*) FILTER (WHERE status = 'pending')::int AS pending,
            (count(*) - count(DISTINCT external_id))::int AS duplicates ${live}`,
    [accountId],
  );
  const sums = await pool().query<{ currency: string; sum: string }>(
    `SELECT currency, sum(amount)::numeric(20,2)::text AS sum ${live} GROUP BY currency`,
    [accountId],
  );
  const ids = await pool().query<{ external_id: string }>(
    `SELECT external_id ${live} AND external_id NOT LIKE 'syn_%' ORDER BY external_id`,
    [accountId],
  );
  return {
    ...counts.rows[0],
    sums: Object.fromEntries(sums.rows.map((r) => [r.currency, r.sum])),
    ids: ids.rows.map((r) => r.external_id).sort(),
  };
}

export async function expectStoredEqualTo(accountId: string, theirs: FakeTotals | null) {
  const mine = await storedTotals(accountId);
  expect(theirs).not.toBeNull();
  expect(mine.duplicates).toBe(0);
  expect({ booked: mine.booked, pending: mine.pending, sums: mine.sums, ids: mine.ids }).toEqual({
    booked: theirs?.booked,
    pending: theirs?.pending,
    sums: theirs?.sumByCurrency,
    ids: theirs?.ids,
  });
}

/**
 * The id-less scenario's two identical coffees on one day (no id, same content) are two stored rows:
 * the content-derived id alone would have merged them.
 */
export async function expectIdenticalCoffeesKept(accountId: string) {
  const coffees = await pool().query<{ n: number }>(
    `SELECT count(*)::int AS n FROM transactions
      WHERE account_id = $1 AND creditor_name = 'Coffee Corner' AND removed_at IS NULL
      GROUP BY coalesce(value_date, booking_date) HAVING count(*) = 2 LIMIT 1`,
    [accountId],
  );
  expect(coffees.rows[0]?.n).toBe(2);
}
