"use client";
// The drawing of the account's balance chart (balance-chart.tsx), loaded only when there is a
// balance to draw: the given days as dots on a solid line, the derived stretches dashed, the span
// shaded, and a tip naming each day's figure and where it came from.
import { Area, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatBankDate, formatMoney } from "@/components/accounts/format";
import { DERIVED_COLOUR, GIVEN_COLOUR, SOURCE_LABELS, type BalanceRow } from "@/components/accounts/ledger-view";
import { CHART_AXIS, CHART_GRID, moneyAxis } from "@/components/ui/charts";

const dayTick = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const shortDay = (date: string) => dayTick.format(new Date(`${date}T00:00:00Z`));

function Tip({ row, currency }: { row: BalanceRow | undefined; currency: string }) {
  if (!row) return null;
  return (
    <div className="rounded-md bg-white px-3 py-2 text-xs shadow-md ring-1 ring-slate-200">
      <p className="font-medium text-slate-900">{formatBankDate(row.date)}</p>
      <p className="tabular-nums text-slate-800">{formatMoney(row.amount, currency)}</p>
      <p className="text-slate-600">{SOURCE_LABELS[row.kind]}</p>
    </div>
  );
}

export function BalanceDrawing({ rows, currency }: { rows: BalanceRow[]; currency: string }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid {...CHART_GRID} />
        <XAxis dataKey="date" {...CHART_AXIS} tickFormatter={shortDay} interval="preserveStartEnd" minTickGap={24} />
        <YAxis {...moneyAxis(currency)} domain={["auto", "auto"]} />
        <Tooltip
          cursor={{ stroke: "#cbd5e1" }}
          content={({ active, payload }) =>
            active ? (
              <Tip row={(payload?.[0]?.payload as BalanceRow | undefined) ?? undefined} currency={currency} />
            ) : null
          }
        />
        <Area dataKey="value" stroke="none" fill="#e0e7ff" fillOpacity={0.6} isAnimationActive={false} />
        <Line
          dataKey="derived"
          stroke={DERIVED_COLOUR}
          strokeWidth={2}
          strokeDasharray="5 4"
          dot={false}
          activeDot={false}
          connectNulls={false}
          isAnimationActive={false}
        />
        <Line
          dataKey="given"
          stroke={GIVEN_COLOUR}
          strokeWidth={2}
          dot={{ r: 3, fill: GIVEN_COLOUR, strokeWidth: 0 }}
          activeDot={false}
          connectNulls={false}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
