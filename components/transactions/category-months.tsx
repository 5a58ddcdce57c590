"use client";
// "By category" on the Transactions page: the scope's money per category and month, one table per
// currency (amounts of different currencies are never added), with each category's total over the
// period and each month's total. Every cell links to the list filtered to that category and month.
// Own-account transfers are left out, as in the totals. On a phone the table scrolls sideways in a
// region the keyboard can scroll too.
import { AppLink } from "@/components/ui/app-link";
import { useState } from "react";
import { formatMoney } from "@/components/accounts/format";
import { localToday } from "@/components/accounts/date-presets";
import { focusRing } from "@/components/ui/button";
import { Card, CardHeader, EmptyState } from "@/components/ui/card";
import { cx } from "@/components/ui/cx";
import { SelectField } from "@/components/ui/field";
import { formatMonth } from "@/components/ui/format";
import { QueryStates } from "@/components/ui/query-states";
import {
  currenciesOf,
  lastMonths,
  monthRange,
  useCategoryTotals,
  type CategoryTotals,
} from "@/lib/client/category-totals";

const PERIODS = [
  { value: "3", label: "Last 3 months" },
  { value: "6", label: "Last 6 months" },
  { value: "12", label: "Last 12 months" },
];

export const UNCATEGORISED = "Uncategorised";

/** The list of one category's (or the uncategorised) rows in one month. */
export function categoryMonthHref(categoryId: string | null, month: string): string {
  const { from, to } = monthRange(month);
  const params = new URLSearchParams({ category: categoryId ?? "none", fromDate: from, toDate: to });
  return `/transactions?${params.toString()}`;
}

export function CategoryMonths() {
  const [months, setMonths] = useState("6");
  const totals = useCategoryTotals(lastMonths(Number(months), localToday()));
  return (
    <div className="space-y-6">
      <SelectField
        label="Period"
        options={PERIODS}
        value={months}
        onChange={(e) => setMonths(e.target.value)}
        className="max-w-xs"
      />
      <QueryStates
        query={totals}
        rows={6}
        loading="Loading money by category"
        isEmpty={(data) => data.totals.length === 0}
        empty={
          <Card>
            <EmptyState title="No transactions in this period">
              Choose a longer period, or sync your accounts: their money shows here by category and month.
            </EmptyState>
          </Card>
        }
      >
        {(data) => (
          <>
            {currenciesOf(data).map((currency) => (
              <CurrencyTable key={currency} data={data} currency={currency} />
            ))}
          </>
        )}
      </QueryStates>
    </div>
  );
}

function CurrencyTable({ data, currency }: { data: CategoryTotals; currency: string }) {
  const cell = new Map(data.cells.filter((c) => c.currency === currency).map((c) => [`${c.categoryId}|${c.month}`, c]));
  const byCategory = new Map(data.categoryTotals.filter((c) => c.currency === currency).map((c) => [c.categoryId, c]));
  const monthTotal = new Map(data.monthTotals.filter((m) => m.currency === currency).map((m) => [m.month, m]));
  const total = data.totals.find((t) => t.currency === currency);
  const categories = data.categories.filter((c) => byCategory.has(c.id));
  const caption = `Money by category and month in ${currency}: net (money in minus money out), own-account transfers left out`;
  const money = (amount: string | undefined) =>
    amount === undefined ? "—" : formatMoney(amount, currency, { signed: true });
  return (
    <Card>
      <CardHeader
        title={`By category · ${currency}`}
        description="Net per month; open a figure for its transactions."
      />
      <div className="overflow-x-auto" role="region" aria-label={`By category in ${currency}`} tabIndex={0}>
        <table className="w-full text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-left text-xs font-medium uppercase tracking-wide text-slate-500">
            <tr>
              <th scope="col" className="sticky left-0 bg-slate-50 px-4 py-2">
                Category
              </th>
              {data.months.map((m) => (
                <th key={m} scope="col" className="whitespace-nowrap px-3 py-2 text-right">
                  {formatMonth(m)}
                </th>
              ))}
              <th scope="col" className="px-4 py-2 text-right">
                Total
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {categories.map((c) => {
              const name = c.name ?? UNCATEGORISED;
              return (
                <tr key={c.id ?? "none"}>
                  <th
                    scope="row"
                    className="sticky left-0 whitespace-nowrap bg-white px-4 py-2 text-left font-medium text-slate-900"
                  >
                    {name}
                  </th>
                  {data.months.map((m) => {
                    const figure = cell.get(`${c.id}|${m}`);
                    return (
                      <td key={m} className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                        {figure ? (
                          <AppLink
                            href={categoryMonthHref(c.id, m)}
                            className={cx("rounded text-slate-900 hover:underline", focusRing)}
                            aria-label={`${name}, ${formatMonth(m)}: ${money(figure.net)} over ${figure.count} transactions`}
                          >
                            {money(figure.net)}
                          </AppLink>
                        ) : (
                          <span className="text-slate-400">—</span>
                        )}
                      </td>
                    );
                  })}
                  <td className="whitespace-nowrap px-4 py-2 text-right font-medium tabular-nums">
                    {money(byCategory.get(c.id)?.net)}
                  </td>
                </tr>
              );
            })}
          </tbody>
          <tfoot className="border-t border-slate-200 bg-slate-50 font-medium">
            <tr>
              <th scope="row" className="sticky left-0 bg-slate-50 px-4 py-2 text-left">
                Total
              </th>
              {data.months.map((m) => (
                <td key={m} className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                  {money(monthTotal.get(m)?.net)}
                </td>
              ))}
              <td className="whitespace-nowrap px-4 py-2 text-right tabular-nums">{money(total?.net)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </Card>
  );
}
