// The read-time truth the maintained counterpart figures must equal: a GROUP BY over the scope's
// transactions with the product's own transfer rule (isTransferSql), and its totals per root
// counterpart (consolidation followed to the root) summed in decimal strings.
import { isTransferSql, ownCte } from "@/lib/accounttracking/transactions/transfers";
import { pool } from "@/lib/db/client";
import { decimalAdd } from "@/lib/money/decimal";

export type FigureRow = {
  account_id: string;
  counterpart_id: string;
  currency: string;
  count: number;
  sum_in: string;
  sum_out: string;
  first_date: string | null;
  last_date: string | null;
};

const ORDER = "ORDER BY account_id, counterpart_id, currency";

/** Trailing zeros dropped ("12.50" → "12.5", "0.00" → "0"): a figure's scale is not its value. */
export function plainDecimal(value: string): string {
  const [whole, fraction = ""] = value.split(".");
  const f = fraction.replace(/0+$/, "");
  const w = whole === "-0" ? "0" : whole;
  return f ? `${w}.${f}` : w;
}

const plain = (rows: FigureRow[]) =>
  rows.map((r) => ({
    ...r,
    currency: r.currency.trim(),
    sum_in: plainDecimal(r.sum_in),
    sum_out: plainDecimal(r.sum_out),
  }));

export async function maintainedFigures(scopeId: string): Promise<FigureRow[]> {
  const { rows } = await pool().query<FigureRow>(
    `SELECT account_id, counterpart_id, currency, count, sum_in::text, sum_out::text, first_date, last_date
       FROM counterpart_figures WHERE scope_id = $1 ${ORDER}`,
    [scopeId],
  );
  return plain(rows);
}

export async function figuresFromRows(scopeId: string): Promise<FigureRow[]> {
  const { rows } = await pool().query<FigureRow>(
    `WITH ${ownCte("$1::uuid")}
     SELECT t.account_id, coalesce(t.bound_counterpart_id, t.counterpart_id) AS counterpart_id, t.currency,
            count(*)::int AS count, coalesce(sum(t.amount) FILTER (WHERE t.amount > 0), 0)::text AS sum_in,
            coalesce(-sum(t.amount) FILTER (WHERE t.amount < 0), 0)::text AS sum_out,
            min(t.sort_date) AS first_date, max(t.sort_date) AS last_date
       FROM transactions t JOIN tracked_accounts ta ON ta.id = t.account_id CROSS JOIN own
      WHERE t.scope_id = $1 AND t.removed_at IS NULL AND coalesce(t.bound_counterpart_id, t.counterpart_id) IS NOT NULL
        AND NOT ${isTransferSql("t", "ta.owner_name")}
      GROUP BY 1, 2, 3 ${ORDER}`,
    [scopeId],
  );
  return plain(rows);
}

export type RootTotals = { currency: string; count: number; sumIn: string; sumOut: string; lastDate: string | null };

/** Totals per root counterpart and currency (of one account, or the scope), from `figures`. */
export async function rootTotals(
  scopeId: string,
  figures: FigureRow[],
  accountId?: string,
): Promise<Map<string, RootTotals[]>> {
  const { rows } = await pool().query<{ id: string; merged_into_id: string | null }>(
    "SELECT id, merged_into_id FROM counterparts WHERE scope_id = $1",
    [scopeId],
  );
  const parent = new Map(rows.map((r) => [r.id, r.merged_into_id]));
  const rootOf = (id: string): string => {
    const next = parent.get(id);
    return next ? rootOf(next) : id;
  };
  const byRoot = new Map<string, Map<string, RootTotals>>();
  for (const f of figures) {
    if (accountId && f.account_id !== accountId) continue;
    const root = rootOf(f.counterpart_id);
    const lines = byRoot.get(root) ?? new Map<string, RootTotals>();
    const line = lines.get(f.currency) ?? { currency: f.currency, count: 0, sumIn: "0", sumOut: "0", lastDate: null };
    line.count += f.count;
    line.sumIn = plainDecimal(decimalAdd(line.sumIn, f.sum_in));
    line.sumOut = plainDecimal(decimalAdd(line.sumOut, f.sum_out));
    if (f.last_date && (!line.lastDate || f.last_date > line.lastDate)) line.lastDate = f.last_date;
    lines.set(f.currency, line);
    byRoot.set(root, lines);
  }
  return new Map(
    [...byRoot].map(([root, lines]) => [
      root,
      [...lines.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
    ]),
  );
}

export type DayFigureRow = {
  account_id: string;
  day: string;
  currency: string;
  status: string;
  sign: number;
  transfer: boolean;
  count: number;
  total: string;
};

const DAY_ORDER = "ORDER BY account_id, day, currency, status, sign, transfer";

export async function maintainedDayFigures(scopeId: string): Promise<DayFigureRow[]> {
  const { rows } = await pool().query<DayFigureRow>(
    `SELECT account_id, day, currency, status, sign, transfer, count, total::text FROM account_day_figures
      WHERE scope_id = $1 ${DAY_ORDER}`,
    [scopeId],
  );
  return rows.map((r) => ({ ...r, currency: r.currency.trim(), total: plainDecimal(r.total) }));
}

/** The day figures as a GROUP BY over the rows with the product's transfer rule. */
export async function dayFiguresFromRows(scopeId: string): Promise<DayFigureRow[]> {
  const { rows } = await pool().query<DayFigureRow>(
    `WITH ${ownCte("$1::uuid")}
     SELECT t.account_id, t.sort_date AS day, t.currency, t.status, sign(t.amount)::int AS sign,
            ${isTransferSql("t", "ta.owner_name")} AS transfer, count(*)::int AS count, sum(t.amount)::text AS total
       FROM transactions t JOIN tracked_accounts ta ON ta.id = t.account_id CROSS JOIN own
      WHERE t.scope_id = $1 AND t.removed_at IS NULL
      GROUP BY 1, 2, 3, 4, 5, 6 ${DAY_ORDER}`,
    [scopeId],
  );
  return rows.map((r) => ({ ...r, currency: r.currency.trim(), total: plainDecimal(r.total) }));
}
