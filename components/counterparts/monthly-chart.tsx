"use client";
// A counterpart's money in and out per month (recharts); a table of the same figures for screen readers.
// The drawing is aria-hidden, so recharts' keyboard layer is off: nothing focusable may hide inside it.
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatMoney } from "@/components/accounts/format";
import { formatMonth } from "@/components/ui/format";
import type { CounterpartDetail } from "@/lib/client/counterparts";

/** "May 2025"; the current month "Nov 2026 (so far)": its totals are partial. */
const label = (month: string) => formatMonth(month);

export function MonthlyChart({ months, currency }: { months: CounterpartDetail["monthly"]; currency: string }) {
  // Numbers only to draw bars; the table and tooltip show the exact decimal strings.
  const rows = months.map((m) => ({ month: label(m.month), sumIn: Number(m.sumIn), sumOut: Number(m.sumOut) }));
  return (
    <figure>
      <figcaption className="sr-only">Money in and out per month</figcaption>
      <div className="h-64 w-full" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
            <XAxis dataKey="month" tick={{ fontSize: 11, fill: "#64748b" }} tickLine={false} axisLine={false} />
            <YAxis tick={{ fontSize: 11, fill: "#64748b" }} tickLine={false} axisLine={false} width={56} />
            <Tooltip
              formatter={(value, name) => [
                formatMoney(String(value), currency),
                name === "sumIn" ? "Money in" : "Money out",
              ]}
            />
            <Legend
              formatter={(name: string) => (name === "sumIn" ? "Money in" : "Money out")}
              wrapperStyle={{ fontSize: 12 }}
            />
            <Bar dataKey="sumIn" fill="#10b981" radius={[3, 3, 0, 0]} maxBarSize={28} />
            <Bar dataKey="sumOut" fill="#f43f5e" radius={[3, 3, 0, 0]} maxBarSize={28} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      {/* The wrapper hides it: a table ignores sr-only's 1px width and would widen a phone's page. */}
      <div className="sr-only">
        <table>
          <caption>Money in and out per month, in {currency}</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Transactions</th>
              <th scope="col">Money in</th>
              <th scope="col">Money out</th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{label(m.month)}</th>
                <td>{m.count}</td>
                <td>{formatMoney(m.sumIn, currency)}</td>
                <td>{formatMoney(m.sumOut, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
