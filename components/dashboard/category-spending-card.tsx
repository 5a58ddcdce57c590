"use client";
// Spending by category over the last six months (its drawing, spending-drawing.tsx, loaded when shown):
// money out per month, stacked by the categories that took the most, in one currency at a time
// (never added across currencies; own-account transfers left out). The chart is for the eye only
// (aria-hidden); a table of the same exact figures is there for screen readers, and "By category"
// on the Transactions page has every category.
import dynamic from "next/dynamic";
import { useState } from "react";
import { formatMoney } from "@/components/accounts/format";
import { localToday } from "@/components/accounts/date-presets";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardHeader, EmptyState } from "@/components/ui/card";
import { SelectField } from "@/components/ui/field";
import { formatMonth } from "@/components/ui/format";
import { ChartLoading, FiguresTable } from "@/components/ui/charts";
import { QueryStates } from "@/components/ui/query-states";
import { UNCATEGORISED } from "@/components/transactions/category-months";
import { currenciesOf, lastMonths, useCategoryTotals, type CategoryTotals } from "@/lib/client/category-totals";

const MONTHS = 6;
/** More stacked colours than this cannot be told apart; the rest are on the Transactions page. */
const TOP = 6;

const SpendingDrawing = dynamic(
  () => import("@/components/dashboard/spending-drawing").then((m) => m.SpendingDrawing),
  { ssr: false, loading: ChartLoading },
);

/** The categories that took the most in `currency` over the period, biggest first. */
function topCategories(data: CategoryTotals, currency: string) {
  const names = new Map(data.categories.map((c) => [c.id, c.name ?? UNCATEGORISED]));
  return data.categoryTotals
    .filter((c) => c.currency === currency && Number(c.outflow) > 0)
    .sort((a, b) => Number(b.outflow) - Number(a.outflow))
    .slice(0, TOP)
    .map((c) => ({
      id: c.categoryId,
      key: `c${c.categoryId ?? "none"}`,
      name: names.get(c.categoryId) ?? UNCATEGORISED,
    }));
}

export function CategorySpendingCard() {
  const totals = useCategoryTotals(lastMonths(MONTHS, localToday()));
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <Card>
      <CardHeader
        title="Spending by category"
        description={`Money out per month over the last ${MONTHS} months, by the categories that took the most. Transfers between your own accounts are left out.`}
        action={
          <ButtonLink href="/transactions?view=categories" variant="secondary" size="sm">
            All categories
          </ButtonLink>
        }
      />
      <div className="px-5 py-4">
        <QueryStates
          query={totals}
          rows={4}
          loading="Loading spending by category"
          isEmpty={(data) => !data.totals.some((t) => Number(t.outflow) > 0)}
          empty={<EmptyState title="No spending yet">Money out of your accounts shows here by category.</EmptyState>}
        >
          {(data) => {
            const currencies = currenciesOf(data).filter((c) =>
              data.totals.some((t) => t.currency === c && Number(t.outflow) > 0),
            );
            const currency = chosen && currencies.includes(chosen) ? chosen : currencies[0];
            return (
              <>
                {currencies.length > 1 && (
                  <SelectField
                    label="Currency"
                    options={currencies.map((c) => ({ value: c, label: c }))}
                    value={currency}
                    onChange={(e) => setChosen(e.target.value)}
                    className="mb-3 max-w-40"
                  />
                )}
                <SpendingChart data={data} currency={currency} />
              </>
            );
          }}
        </QueryStates>
      </div>
    </Card>
  );
}

function SpendingChart({ data, currency }: { data: CategoryTotals; currency: string }) {
  const top = topCategories(data, currency);
  const outflow = new Map(
    data.cells.filter((c) => c.currency === currency).map((c) => [`${c.categoryId ?? "none"}|${c.month}`, c.outflow]),
  );
  const exact = (id: string | null, month: string) => outflow.get(`${id ?? "none"}|${month}`) ?? "0";
  // Numbers only to draw; the table below shows the exact decimal strings.
  const bars = data.months.map((month) => ({
    month: formatMonth(month),
    ...Object.fromEntries(top.map((c) => [c.key, Number(exact(c.id, month))])),
  }));
  return (
    <figure>
      <figcaption className="sr-only">Money out per month by category, in {currency}</figcaption>
      <div className="h-64 w-full" aria-hidden="true">
        <SpendingDrawing bars={bars} categories={top} currency={currency} />
      </div>
      <FiguresTable
        caption={`Money out per month by category, in ${currency}`}
        columns={["Category", ...data.months.map((m) => formatMonth(m))]}
      >
        {top.map((c) => (
          <tr key={c.key}>
            <th scope="row">{c.name}</th>
            {data.months.map((m) => (
              <td key={m}>{formatMoney(exact(c.id, m), currency)}</td>
            ))}
          </tr>
        ))}
      </FiguresTable>
    </figure>
  );
}
