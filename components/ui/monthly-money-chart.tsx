"use client";
// Money in and out per month (recharts), for an account (with its net as a line) and for a
// counterpart: one drawing, so both read alike. It is drawn for the eye only (aria-hidden, recharts'
// keyboard layer off: nothing focusable may hide inside it); FiguresTable carries the same figures,
// exact, for screen readers.
import type { ReactNode } from "react";
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatMoney } from "@/components/accounts/format";
import { cx } from "@/components/ui/cx";

/** One month's bars: numbers only to draw; labels and tables show the exact decimal strings. */
export type MonthBars = { month: string; in: number; out: number; net?: number };

const LABELS: Record<string, string> = { in: "Money in", out: "Money out", net: "Net" };
const TICK = { fontSize: 11, fill: "#475569" };

/** An axis's money: "€1.2K" (a plain compact number for a code Intl does not know). */
function compactMoney(currency: string): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat("en-GB", {
      style: "currency",
      currency,
      notation: "compact",
      maximumFractionDigits: 1,
    });
  } catch {
    return new Intl.NumberFormat("en-GB", { notation: "compact", maximumFractionDigits: 1 });
  }
}

/** The grid every money chart draws: dashed, horizontal lines only. */
export const CHART_GRID = { strokeDasharray: "3 3", vertical: false, stroke: "#e2e8f0" };

/** An axis as every money chart draws it: small slate labels, no axis or tick lines. */
export const CHART_AXIS = { tick: TICK, tickLine: false, axisLine: false };

/** The amounts axis: compact money ("€1.2K") in a column wide enough for it. */
export function moneyAxis(currency: string) {
  const compact = compactMoney(currency);
  return { ...CHART_AXIS, width: 64, tickFormatter: (v: number) => compact.format(v) };
}

export function MonthlyMoneyChart({
  months,
  currency,
  className,
}: {
  months: MonthBars[];
  currency: string;
  /** Its height (the chart fills it). */
  className: string;
}) {
  const withNet = months.some((m) => m.net !== undefined);
  return (
    <div className={cx("w-full", className)} aria-hidden="true">
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
    </div>
  );
}

/** A chart's figures as a table for screen readers: its rows are `children`, each led by a row header. */
export function FiguresTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: string[];
  children: ReactNode;
}) {
  // The wrapper hides it: a table ignores sr-only's 1px width and would widen a phone's page.
  return (
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
