"use client";
// A counterpart's money in and out per month; a table of the same figures for screen readers.
import { formatMoney } from "@/components/accounts/format";
import { formatMonth } from "@/components/ui/format";
import { FiguresTable } from "@/components/ui/charts";
import { MonthlyMoneyChart } from "@/components/ui/monthly-money-chart";
import type { CounterpartDetail } from "@/lib/client/counterparts";

export function MonthlyChart({ months, currency }: { months: CounterpartDetail["monthly"]; currency: string }) {
  const bars = months.map((m) => ({ month: formatMonth(m.month), in: Number(m.sumIn), out: Number(m.sumOut) }));
  return (
    <figure>
      <figcaption className="sr-only">Money in and out per month</figcaption>
      <MonthlyMoneyChart months={bars} currency={currency} className="h-64" />
      <FiguresTable
        caption={`Money in and out per month, in ${currency}`}
        columns={["Month", "Transactions", "Money in", "Money out"]}
      >
        {months.map((m) => (
          <tr key={m.month}>
            <th scope="row">{formatMonth(m.month)}</th>
            <td>{m.count}</td>
            <td>{formatMoney(m.sumIn, currency)}</td>
            <td>{formatMoney(m.sumOut, currency)}</td>
          </tr>
        ))}
      </FiguresTable>
    </figure>
  );
}
