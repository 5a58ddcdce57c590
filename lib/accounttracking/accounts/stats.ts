// Per-account figures: the bank's balance, counts, money in and out per month over the whole history
// (months without bookings included, so a chart's axis is honest), and top counterparts. Own-account
// transfers (lib/accounttracking/transactions/transfers.ts) are neither money in nor out: they are reported apart
// per month and left out of in/out/net and the top counterparts. Sums are SQL numeric, as strings.
//
// An account normally has one currency, but a bank can send some of its transactions in another, so
// every sum is per currency (like …/transactions/totals) and never added across currencies. The
// single figures of before (bookedSum, a top counterpart's total) are kept only when they are all
// in the account's own currency, so a client reading them never shows dollars as euros.
import type pg from "pg";
import { readPool } from "@/lib/db/client";
import type { TrackedAccount } from "@/lib/generated/prisma/client";
import { chainCte } from "@/lib/counterparts/sql";
import { cachedFigures } from "@/lib/accounttracking/accounts/stats-cache";

/** The cached figures' shape: a cache entry of another format is recomputed, never served. */
const FIGURES_FORMAT = "per-currency-1";

/** Where the figures are read: a pool, or one connection holding a snapshot (stats-cache.ts). */
export type Queryable = pg.Pool | pg.PoolClient;

type CurrencyRow = {
  currency: string;
  booked: number;
  pending: number;
  booked_sum: string;
  first_date: string | null;
  last_date: string | null;
};

type MonthRow = {
  month: string;
  currency: string;
  inflow: string;
  outflow: string;
  net: string;
  count: number;
  transfers_in: string;
  transfers_out: string;
};

type TopRow = { name: string; count: number; currency: string; n: number; total: string };

// The counts and the months come from the maintained day figures (account_day_figures) and the top
// counterparts from the counterpart figures, both kept by the database with every write to the
// rows: a few thousand figure rows instead of the account's whole history (npm run bench).
const COUNTS_SQL = `SELECT currency, coalesce(sum(count) FILTER (WHERE status = 'booked'), 0)::int AS booked,
       coalesce(sum(count) FILTER (WHERE status = 'pending'), 0)::int AS pending,
       coalesce(sum(total) FILTER (WHERE status = 'booked'), 0)::text AS booked_sum,
       min(day) AS first_date, max(day) AS last_date
  FROM account_day_figures WHERE account_id = $1 GROUP BY currency ORDER BY currency`;

// Every month from the first booking to the last (in any currency), once per currency booked.
const MONTHS_SQL = `WITH
 m AS (SELECT left(day, 7) AS month, currency,
              coalesce(sum(total) FILTER (WHERE sign > 0 AND NOT transfer), 0) AS inflow,
              coalesce(-sum(total) FILTER (WHERE sign < 0 AND NOT transfer), 0) AS outflow,
              coalesce(sum(total) FILTER (WHERE NOT transfer), 0) AS net, sum(count)::int AS count,
              coalesce(sum(total) FILTER (WHERE sign > 0 AND transfer), 0) AS transfers_in,
              coalesce(-sum(total) FILTER (WHERE sign < 0 AND transfer), 0) AS transfers_out
         FROM account_day_figures WHERE account_id = $1 AND status = 'booked' GROUP BY 1, 2),
 span AS (SELECT to_char(g, 'YYYY-MM') AS month FROM (SELECT min(month) AS lo, max(month) AS hi FROM m) r,
          generate_series(to_date(r.lo, 'YYYY-MM'), to_date(r.hi, 'YYYY-MM'), interval '1 month') g),
 cur AS (SELECT DISTINCT currency FROM m)
 SELECT span.month, cur.currency, coalesce(m.inflow, 0)::text AS inflow, coalesce(m.outflow, 0)::text AS outflow,
        coalesce(m.net, 0)::text AS net, coalesce(m.count, 0) AS count,
        coalesce(m.transfers_in, 0)::text AS transfers_in, coalesce(m.transfers_out, 0)::text AS transfers_out
   FROM span CROSS JOIN cur LEFT JOIN m USING (month, currency) ORDER BY span.month, cur.currency`;

// The top 10 counterparts by number of transactions (a count may be added across currencies), named
// as the person set them up (consolidations resolved to their root), each with its money per currency.
const TOP_SQL = `WITH RECURSIVE ${chainCte("(SELECT scope_id FROM tracked_accounts WHERE id = $1::uuid)")},
 p AS (SELECT chain.root_id AS id, f.currency, sum(f.count)::int AS n, sum(f.sum_in) - sum(f.sum_out) AS total
         FROM counterpart_figures f JOIN chain ON chain.id = f.counterpart_id WHERE f.account_id = $1::uuid GROUP BY 1, 2),
 top AS (SELECT p.id, coalesce(c.alias, c.name) AS name, sum(p.n)::int AS count FROM p JOIN counterparts c ON c.id = p.id
          GROUP BY p.id, c.alias, c.name ORDER BY 3 DESC, 2, 1 LIMIT 10)
 SELECT top.name, top.count, p.currency, p.n, p.total::text AS total
   FROM top JOIN p USING (id) ORDER BY top.count DESC, top.name, top.id, p.currency`;

/** The top counterparts, one entry per name with its totals per currency, in rank order. */
function topOf(rows: TopRow[]) {
  const byName = new Map<string, { name: string; count: number; totalsByCurrency: Money[] }>();
  for (const r of rows) {
    const entry = byName.get(r.name) ?? { name: r.name, count: r.count, totalsByCurrency: [] };
    entry.totalsByCurrency.push({ currency: r.currency, count: r.n, total: r.total });
    byName.set(r.name, entry);
  }
  return [...byName.values()];
}

type Money = { currency: string; count: number; total: string };

/**
 * The figures over the account's whole history (three aggregates), per currency; accountStats
 * serves them cached. `db` is where they are read: stats-cache.ts passes the snapshot it read the
 * versions in.
 */
export async function accountFigures(accountId: string, db: Queryable = readPool()) {
  // One after the other: on a snapshot's one connection they could not run side by side anyway.
  const counts = await db.query<CurrencyRow>(COUNTS_SQL, [accountId]);
  const monthly = await db.query<MonthRow>(MONTHS_SQL, [accountId]);
  const top = await db.query<TopRow>(TOP_SQL, [accountId]);
  const dates = counts.rows.flatMap((c) => [c.first_date, c.last_date]).filter((d) => d !== null);
  return {
    counts: {
      booked: counts.rows.reduce((n, c) => n + c.booked, 0),
      pending: counts.rows.reduce((n, c) => n + c.pending, 0),
    },
    currencies: counts.rows.map((c) => ({
      currency: c.currency,
      booked: c.booked,
      pending: c.pending,
      bookedSum: c.booked_sum,
    })),
    firstDate: dates.length ? dates.reduce((a, b) => (a < b ? a : b)) : null,
    lastDate: dates.length ? dates.reduce((a, b) => (a > b ? a : b)) : null,
    months: monthly.rows.map((m) => ({
      month: m.month,
      currency: m.currency,
      inflow: m.inflow,
      outflow: m.outflow,
      net: m.net,
      count: m.count,
      transfersIn: m.transfers_in,
      transfersOut: m.transfers_out,
    })),
    topCounterparts: topOf(top.rows),
  };
}

export type AccountFigures = Awaited<ReturnType<typeof accountFigures>>;

/**
 * The single figures of a one-currency account, beside the per-currency ones: given only when every
 * amount they would sum is in the account's currency (else bookedSum is null and `total` absent).
 */
export function withSingleFigures(currency: string, figures: AccountFigures) {
  const isOwn = (list: { currency: string }[]) => list.every((c) => c.currency === currency);
  const own = figures.currencies.find((c) => c.currency === currency);
  return {
    ...figures,
    bookedSum: isOwn(figures.currencies.filter((c) => c.booked > 0)) ? (own?.bookedSum ?? "0") : null,
    topCounterparts: figures.topCounterparts.map((c) => {
      const [only] = c.totalsByCurrency;
      return c.totalsByCurrency.length === 1 && only.currency === currency ? { ...c, total: only.total } : c;
    }),
  };
}

/** The account page's figures: the bank's balance (live) and the figures (cached, see stats-cache.ts). */
export async function accountStats(account: TrackedAccount) {
  const figures = await cachedFigures(account, FIGURES_FORMAT, (db) => accountFigures(account.id, db));
  return {
    accountId: account.id,
    currency: account.currency,
    balance:
      account.balanceAmount === null
        ? null
        : { amount: account.balanceAmount.toString(), date: account.balanceDate, source: "bank" as const },
    ...withSingleFigures(account.currency, figures),
  };
}
