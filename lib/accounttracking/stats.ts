// Per-account figures: the bank's balance, counts, money in and out per month over the whole history
// (months without bookings included, so a chart's axis is honest), and top counterparts. Own-account
// transfers (lib/accounttracking/transfers.ts) are neither money in nor out: they are reported apart
// per month and left out of in/out/net and the top counterparts. Sums are SQL numeric, as strings.
import { readPool } from "@/lib/db/client";
import type { TrackedAccount } from "@/lib/generated/prisma/client";
import { OWN_OF_ACCOUNT, TRANSACTIONS_FROM } from "@/lib/accounttracking/transactions";
import { isTransferSql } from "@/lib/accounttracking/transfers";
import { cachedFigures } from "@/lib/accounttracking/stats-cache";

const PARTY = `CASE WHEN t.amount < 0 THEN coalesce(t.ultimate_creditor, t.creditor_name) ELSE coalesce(t.ultimate_debtor, t.debtor_name) END`;
const TRANSFER = isTransferSql("t", "ta.owner_name");

type MonthRow = {
  month: string;
  inflow: string;
  outflow: string;
  net: string;
  count: number;
  transfers_in: string;
  transfers_out: string;
};

/** The figures over the account's whole history (three aggregates); accountStats serves them cached. */
export async function accountFigures(accountId: string) {
  const db = readPool();
  const [counts, monthly, top] = await Promise.all([
    db.query<{
      booked: number;
      pending: number;
      booked_sum: string;
      first_date: string | null;
      last_date: string | null;
    }>(
      `SELECT count(*) FILTER (WHERE status = 'booked')::int AS booked, count(*) FILTER (WHERE status = 'pending')::int AS pending,
              coalesce(sum(amount) FILTER (WHERE status = 'booked'), 0)::text AS booked_sum,
              min(sort_date) AS first_date, max(sort_date) AS last_date
         FROM transactions WHERE account_id = $1 AND removed_at IS NULL`,
      [accountId],
    ),
    db.query<MonthRow>(
      `WITH ${OWN_OF_ACCOUNT},
       b AS (SELECT left(t.sort_date, 7) AS month, t.amount, ${TRANSFER} AS transfer FROM ${TRANSACTIONS_FROM}
              WHERE t.account_id = $1 AND t.removed_at IS NULL AND t.status = 'booked'),
       m AS (SELECT month, coalesce(sum(amount) FILTER (WHERE amount > 0 AND NOT transfer), 0) AS inflow,
                    coalesce(-sum(amount) FILTER (WHERE amount < 0 AND NOT transfer), 0) AS outflow,
                    coalesce(sum(amount) FILTER (WHERE NOT transfer), 0) AS net, count(*)::int AS count,
                    coalesce(sum(amount) FILTER (WHERE amount > 0 AND transfer), 0) AS transfers_in,
                    coalesce(-sum(amount) FILTER (WHERE amount < 0 AND transfer), 0) AS transfers_out
               FROM b GROUP BY month),
       span AS (SELECT to_char(g, 'YYYY-MM') AS month FROM (SELECT min(month) AS lo, max(month) AS hi FROM m) r,
                generate_series(to_date(r.lo, 'YYYY-MM'), to_date(r.hi, 'YYYY-MM'), interval '1 month') g)
       SELECT span.month, coalesce(m.inflow, 0)::text AS inflow, coalesce(m.outflow, 0)::text AS outflow,
              coalesce(m.net, 0)::text AS net, coalesce(m.count, 0) AS count,
              coalesce(m.transfers_in, 0)::text AS transfers_in, coalesce(m.transfers_out, 0)::text AS transfers_out
         FROM span LEFT JOIN m USING (month) ORDER BY span.month`,
      [accountId],
    ),
    db.query<{ name: string; count: number; total: string }>(
      `WITH ${OWN_OF_ACCOUNT}
       SELECT ${PARTY} AS name, count(*)::int AS count, sum(t.amount)::text AS total
         FROM ${TRANSACTIONS_FROM} WHERE t.account_id = $1 AND t.removed_at IS NULL AND ${PARTY} IS NOT NULL AND NOT ${TRANSFER}
        GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 10`,
      [accountId],
    ),
  ]);
  const c = counts.rows[0];
  return {
    counts: { booked: c.booked, pending: c.pending },
    bookedSum: c.booked_sum,
    firstDate: c.first_date,
    lastDate: c.last_date,
    months: monthly.rows.map((m) => ({
      month: m.month,
      inflow: m.inflow,
      outflow: m.outflow,
      net: m.net,
      count: m.count,
      transfersIn: m.transfers_in,
      transfersOut: m.transfers_out,
    })),
    topCounterparts: top.rows,
  };
}

/** The account page's figures: the bank's balance (live) and the figures (cached, see stats-cache.ts). */
export async function accountStats(account: TrackedAccount) {
  const figures = await cachedFigures(account, accountFigures);
  return {
    accountId: account.id,
    currency: account.currency,
    balance:
      account.balanceAmount === null
        ? null
        : { amount: account.balanceAmount.toString(), date: account.balanceDate, source: "bank" as const },
    ...figures,
  };
}
