"use client";
// The drawing of MonthlyMoneyChart (monthly-money-chart.tsx), loaded only when there are months to
// draw: bars of money in and out, and the net as a line when the months carry one.
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatMoney } from "@/components/accounts/format";
import { CHART_AXIS, CHART_GRID, moneyAxis } from "@/components/ui/charts";
import type { MonthBars } from "@/components/ui/monthly-money-chart";

const LABELS: Record<string, string> = { in: "Money in", out: "Money out", net: "Net" };

export function MonthlyMoneyDrawing({ months, currency }: { months: MonthBars[]; currency: string }) {
  const withNet = months.some((m) => m.net !== undefined);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart data={months} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid {...CHART_GRID} />
        <XAxis dataKey="month" {...CHART_AXIS} interval="preserveStartEnd" minTickGap={8} />
        <YAxis {...moneyAxis(currency)} />
        <Tooltip
          cursor={{ fill: "#f1f5f9" }}
          formatter={(value, name) => [formatMoney(String(value), currency), LABELS[String(name)] ?? String(name)]}
        />
        <Legend formatter={(name: string) => LABELS[name] ?? name} wrapperStyle={{ fontSize: 12 }} />
        <Bar dataKey="in" fill="#10b981" radius={[3, 3, 0, 0]} maxBarSize={24} />
        <Bar dataKey="out" fill="#f43f5e" radius={[3, 3, 0, 0]} maxBarSize={24} />
        {withNet && (
          <Line dataKey="net" type="monotone" stroke="#4338ca" strokeWidth={2} dot={{ r: 2 }} activeDot={false} />
        )}
      </ComposedChart>
    </ResponsiveContainer>
  );
}
