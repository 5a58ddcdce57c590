// Per-account figures: the bank's balance, counts, money in and out per month, top counterparts.
// Sums are computed in SQL numeric and returned as decimal strings.
import { pool } from "@/lib/db/client";
import type { TrackedAccount } from "@/lib/generated/prisma/client";

const PARTY = `CASE WHEN amount < 0 THEN coalesce(ultimate_creditor, creditor_name) ELSE coalesce(ultimate_debtor, debtor_name) END`;

export async function accountStats(account: TrackedAccount, months = 12) {
  const db = pool();
  const [counts, monthly, top] = await Promise.all([
    db.query<{ booked: number; pending: number; booked_sum: string; first_date: string | null; last_date: string | null }>(
      `SELECT count(*) FILTER (WHERE status = 'booked')::int AS booked, count(*) FILTER (WHERE status = 'pending')::int AS pending,
              coalesce(sum(amount) FILTER (WHERE status = 'booked'), 0)::text AS booked_sum,
              min(sort_date) AS first_date, max(sort_date) AS last_date
         FROM transactions WHERE account_id = $1 AND removed_at IS NULL`,
      [account.id],
    ),
    db.query<{ month: string; inflow: string; outflow: string; net: string; count: number }>(
      `SELECT left(sort_date, 7) AS month,
              coalesce(sum(amount) FILTER (WHERE amount > 0), 0)::text AS inflow,
              coalesce(-sum(amount) FILTER (WHERE amount < 0), 0)::text AS outflow,
              sum(amount)::text AS net, count(*)::int AS count
         FROM transactions WHERE account_id = $1 AND removed_at IS NULL AND status = 'booked'
        GROUP BY 1 ORDER BY 1 DESC LIMIT $2`,
      [account.id, months],
    ),
    db.query<{ name: string; count: number; total: string }>(
      `SELECT ${PARTY} AS name, count(*)::int AS count, sum(amount)::text AS total
         FROM transactions WHERE account_id = $1 AND removed_at IS NULL AND ${PARTY} IS NOT NULL
        GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 10`,
      [account.id],
    ),
  ]);
  const c = counts.rows[0];
  return {
    accountId: account.id,
    currency: account.currency,
    balance: account.balanceAmount === null ? null : { amount: account.balanceAmount.toString(), date: account.balanceDate, source: "bank" as const },
    counts: { booked: c.booked, pending: c.pending },
    bookedSum: c.booked_sum,
    firstDate: c.first_date,
    lastDate: c.last_date,
    months: monthly.rows.reverse(),
    topCounterparts: top.rows,
  };
}
