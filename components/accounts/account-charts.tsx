"use client";
// Figures from /stats: money in vs money out per month (last 12), and the top counterparts.
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatMoney, isNegative, plural } from "@/components/accounts/format";
import { Card, CardHeader, EmptyState, SkeletonRows } from "@/components/ui/card";
import { cx } from "@/components/ui/cx";
import { FormError } from "@/components/ui/field";
import { formatDate } from "@/components/ui/format";
import { useAccountStats, type AccountStats } from "@/lib/client/accounts";
import { errorMessage } from "@/lib/client/errors";

const monthFormat = new Intl.DateTimeFormat("en-GB", { month: "short", year: "2-digit", timeZone: "UTC" });

function monthLabel(month: string): string {
  return monthFormat.format(new Date(`${month}-01T00:00:00Z`));
}

function MonthlyChart({ stats }: { stats: AccountStats }) {
  // Numbers only to draw the bars; labels use the exact decimal strings.
  const rows = stats.months.map((m) => ({ month: monthLabel(m.month), inflow: Number(m.inflow), outflow: Number(m.outflow), raw: m }));
  const compact = new Intl.NumberFormat("en-GB", { notation: "compact", maximumFractionDigits: 1 });
  return (
    <figure className="h-full">
      <figcaption className="sr-only">Money in and out per month, last {stats.months.length} months</figcaption>
      <div className="h-full min-h-72 w-full" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
            <XAxis dataKey="month" tick={{ fontSize: 11, fill: "#64748b" }} tickLine={false} axisLine={false} />
            <YAxis tick={{ fontSize: 11, fill: "#64748b" }} tickLine={false} axisLine={false} width={48} tickFormatter={(v: number) => compact.format(v)} />
            <Tooltip
              cursor={{ fill: "#f1f5f9" }}
              formatter={(value, name) => [formatMoney(String(value), stats.currency), name === "inflow" ? "Money in" : "Money out"]}
            />
            <Legend formatter={(name: string) => (name === "inflow" ? "Money in" : "Money out")} wrapperStyle={{ fontSize: 12 }} />
            <Bar dataKey="inflow" fill="#10b981" radius={[3, 3, 0, 0]} maxBarSize={28} />
            <Bar dataKey="outflow" fill="#f43f5e" radius={[3, 3, 0, 0]} maxBarSize={28} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption>Money in and out per month</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Money in</th>
            <th scope="col">Money out</th>
            <th scope="col">Net</th>
          </tr>
        </thead>
        <tbody>
          {stats.months.map((m) => (
            <tr key={m.month}>
              <th scope="row">{monthLabel(m.month)}</th>
              <td>{formatMoney(m.inflow, stats.currency)}</td>
              <td>{formatMoney(m.outflow, stats.currency)}</td>
              <td>{formatMoney(m.net, stats.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
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
          <span className={cx("shrink-0 tabular-nums", isNegative(c.total) ? "text-red-700" : "text-emerald-700")}>
            {formatMoney(c.total, stats.currency, { signed: true })}
          </span>
        </li>
      ))}
    </ol>
  );
}

export function AccountCharts({ accountId }: { accountId: string }) {
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
              : `${plural(s.counts.booked, "booked transaction")}${s.counts.pending ? `, ${s.counts.pending} pending` : ""} from ${formatDate(s.firstDate)} to ${formatDate(s.lastDate)}.`
          }
        />
        <div className="flex-1 p-5">{empty ? <EmptyState title="No transactions yet" /> : <MonthlyChart stats={s} />}</div>
      </Card>
      <Card>
        <CardHeader title="Top counterparts" description="By number of transactions." />
        <div className="px-5 py-2">
          <TopCounterparts stats={s} />
        </div>
      </Card>
    </div>
  );
}
