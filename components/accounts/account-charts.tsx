"use client";
// Figures from /stats: money in and out per month over the whole history with the net as a line,
// and the top counterparts; own-account transfers are in neither. The chart is drawn for the eye
// (aria-hidden, nothing focusable inside); a table carries the same figures for screen readers.
// Sums in different currencies are never added: an account with rows in several currencies gets
// a chart per currency, and a top counterpart a line per currency.
import { AppLink } from "@/components/ui/app-link";
import { formatBankDate, formatMoney, isNegative, plural } from "@/components/accounts/format";
import { Card, CardHeader, EmptyState, SkeletonRows } from "@/components/ui/card";
import { cx } from "@/components/ui/cx";
import { formatMonth } from "@/components/ui/format";
import { FormError } from "@/components/ui/field";
import { FiguresTable } from "@/components/ui/charts";
import { MonthlyMoneyChart } from "@/components/ui/monthly-money-chart";
import { useAccountStats, type AccountStats } from "@/lib/client/accounts";
import { errorMessage } from "@/lib/client/errors";

/** "May 2025"; the current month "Nov 2026 (so far)": its totals are partial. */
const monthLabel = (month: string) => formatMonth(month);

type Month = AccountStats["months"][number];

function MonthlyChart({ months, currency }: { months: Month[]; currency: string }) {
  const bars = months.map((m) => ({
    month: monthLabel(m.month),
    in: Number(m.inflow),
    out: Number(m.outflow),
    net: Number(m.net),
  }));
  const first = months[0]?.month;
  const last = months.at(-1)?.month;
  return (
    <figure className="h-full">
      <figcaption className="sr-only">
        Money in, money out and net per month in {currency}, {months.length} months
        {first && last ? ` from ${monthLabel(first)} to ${monthLabel(last)}` : ""}; own-account transfers are not
        included.
      </figcaption>
      <MonthlyMoneyChart months={bars} currency={currency} className="h-full min-h-72" />
      <FiguresTable
        caption={`Money in, out and net per month, in ${currency}`}
        columns={["Month", "Money in", "Money out", "Net", "Own-account transfers in / out"]}
      >
        {months.map((m) => (
          <tr key={m.month}>
            <th scope="row">{monthLabel(m.month)}</th>
            <td>{formatMoney(m.inflow, currency)}</td>
            <td>{formatMoney(m.outflow, currency)}</td>
            <td>{formatMoney(m.net, currency, { signed: true })}</td>
            <td>
              {formatMoney(m.transfersIn, currency)} / {formatMoney(m.transfersOut, currency)}
            </td>
          </tr>
        ))}
      </FiguresTable>
    </figure>
  );
}

/** Each currency's months, in the order the server gave (currency codes ascending). */
function byCurrency(months: Month[]): [string, Month[]][] {
  const out = new Map<string, Month[]>();
  for (const m of months) out.set(m.currency, [...(out.get(m.currency) ?? []), m]);
  return [...out];
}

function MonthlyCharts({ stats }: { stats: AccountStats }) {
  const charts = byCurrency(stats.months);
  if (charts.length <= 1) {
    return <MonthlyChart months={stats.months} currency={charts[0]?.[0] ?? stats.currency} />;
  }
  return (
    <div className="space-y-6">
      {charts.map(([currency, months]) => (
        <section key={currency} aria-label={`In ${currency}`}>
          <h3 className="mb-2 text-sm font-semibold text-slate-900">In {currency}</h3>
          <MonthlyChart months={months} currency={currency} />
        </section>
      ))}
    </div>
  );
}

function TopCounterparts({ stats }: { stats: AccountStats }) {
  if (stats.topCounterparts.length === 0) return <p className="text-sm text-slate-500">No counterparts yet.</p>;
  return (
    <ol className="divide-y divide-slate-100" aria-label="Top counterparts">
      {stats.topCounterparts.slice(0, 7).map((c) => (
        <li key={c.name} className="flex items-center justify-between gap-3 py-2 text-sm">
          <span className="min-w-0">
            <span className="block truncate font-medium text-slate-800">{c.name}</span>
            <span className="text-xs text-slate-500">{plural(c.count, "transaction")}</span>
          </span>
          <span className="flex shrink-0 flex-col items-end">
            {c.totalsByCurrency.map((t) => (
              <span
                key={t.currency}
                className={cx("tabular-nums", isNegative(t.total) ? "text-red-700" : "text-emerald-700")}
              >
                {formatMoney(t.total, t.currency, { signed: true })}
              </span>
            ))}
          </span>
        </li>
      ))}
    </ol>
  );
}

export function AccountCharts({ accountId, syncing = false }: { accountId: string; syncing?: boolean }) {
  const stats = useAccountStats(accountId);
  if (stats.isPending) {
    return (
      <Card>
        <SkeletonRows rows={5} label="Loading figures" />
      </Card>
    );
  }
  if (stats.isError) {
    return (
      <Card className="p-5">
        <FormError message={errorMessage(stats.error)} />
      </Card>
    );
  }
  const s = stats.data;
  const empty = s.counts.booked + s.counts.pending === 0;
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Card className="flex flex-col lg:col-span-2">
        <CardHeader
          title="Money in and out"
          description={
            empty
              ? "Figures appear after the first sync."
              : `${plural(s.counts.booked, "booked transaction")}${s.counts.pending ? `, ${s.counts.pending} pending` : ""} from ${formatBankDate(s.firstDate)} to ${formatBankDate(s.lastDate)}. Own-account transfers are left out.`
          }
        />
        <div className="flex-1 p-5">
          {empty ? (
            <EmptyState title={syncing ? "The figures follow the sync" : "No transactions yet"} />
          ) : (
            <MonthlyCharts stats={s} />
          )}
        </div>
      </Card>
      <Card>
        <CardHeader
          title="Top counterparts"
          description="By number of transactions; own-account transfers left out."
          action={
            <AppLink
              className="text-sm font-medium text-indigo-700 hover:underline"
              href={`/accounts/${accountId}/counterparts`}
            >
              All counterparts
            </AppLink>
          }
        />
        <div className="px-5 py-2">
          <TopCounterparts stats={s} />
        </div>
      </Card>
    </div>
  );
}
