// Our stored transactions of an account against the sandbox bank's own totals (counts, sums, no
// duplicates): the check every sync integration test ends with.
import { expect } from "vitest";
import { pool } from "@/lib/db/client";
import type { BankTotals } from "@/testing/support/bank-flow";

type Ours = { booked: number; pending: number; bookedSum: string; pendingSum: string; duplicates: number };

export async function ours(accountId: string): Promise<Ours> {
  const { rows } = await pool().query<Ours>(
    `SELECT count(*) FILTER (WHERE status = 'booked')::int AS booked, count(*) FILTER (WHERE status = 'pending')::int AS pending,
            coalesce(sum(amount) FILTER (WHERE status = 'booked'), 0)::numeric(20,2)::text AS "bookedSum",
            coalesce(sum(amount) FILTER (WHERE status = 'pending'), 0)::numeric(20,2)::text AS "pendingSum",
            (count(*) - count(DISTINCT external_id))::int AS duplicates
       FROM transactions WHERE account_id = $1 AND removed_at IS NULL`,
    [accountId],
  );
  return rows[0];
}

const money = (s: string) => Number(s).toFixed(2);

export function expectEqualToBank(mine: Ours, theirs: BankTotals) {
  expect(mine.duplicates).toBe(0);
  expect({
    booked: mine.booked,
    pending: mine.pending,
    bookedSum: money(mine.bookedSum),
    pendingSum: money(mine.pendingSum),
  }).toEqual({
    booked: theirs.booked.count,
    pending: theirs.pending.count,
    bookedSum: money(theirs.booked.sum),
    pendingSum: money(theirs.pending.sum),
  });
}
