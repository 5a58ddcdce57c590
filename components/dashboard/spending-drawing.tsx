"use client";
// The drawing of the dashboard's spending by category (category-spending-card.tsx), loaded only when
// there is spending to draw: a bar a month, stacked by category, one colour each.
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatMoney } from "@/components/accounts/format";
import { CHART_AXIS, CHART_GRID } from "@/components/ui/charts";

const COLOURS = ["#4338ca", "#0891b2", "#f59e0b", "#e11d48", "#10b981", "#7c3aed"];

/** `bars`: a row a month, its label in `month` and a number per category key (numbers only to draw). */
export function SpendingDrawing({
  bars,
  categories,
  currency,
}: {
  bars: Record<string, string | number>[];
  categories: { key: string; name: string }[];
  currency: string;
}) {
  const names = Object.fromEntries(categories.map((c) => [c.key, c.name]));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={bars} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid {...CHART_GRID} />
        <XAxis dataKey="month" {...CHART_AXIS} minTickGap={8} />
        <YAxis {...CHART_AXIS} width={64} />
        <Tooltip
          cursor={{ fill: "#f1f5f9" }}
          formatter={(value, key) => [formatMoney(String(value), currency), names[String(key)] ?? String(key)]}
        />
        <Legend formatter={(key: string) => names[key] ?? key} wrapperStyle={{ fontSize: 12 }} />
        {categories.map((c, i) => (
          <Bar key={c.key} dataKey={c.key} stackId="out" fill={COLOURS[i % COLOURS.length]} maxBarSize={32} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
