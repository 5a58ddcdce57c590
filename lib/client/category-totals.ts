"use client";
// Money per month, category and currency (GET …/v1/transactions/category-totals) through the typed
// client: the Transactions page's "By category" table and the dashboard's chart.
import type { z } from "zod";
import type { ApiClient } from "@/lib/client/api-client";
import { domainHooks } from "@/lib/client/domain-hooks";
import { scopeKey } from "@/lib/client/query-keys";
import type { CategoryTotalsSchema } from "@/lib/openapi/schemas/category-totals";

export type CategoryTotals = z.output<typeof CategoryTotalsSchema>;
export type Period = { from: string; to: string };

const categoryTotalsApi = (client: ApiClient) => ({
  get: (period: Period) =>
    client.scoped.get<CategoryTotals>("/api/accounttracking/v1/transactions/category-totals", {
      ...period,
      group: "month",
    }),
});

const keys = {
  // Under the scope's transactions: whatever refetches them (a recategorised row) refetches these too.
  totals: (scopeId: string | null, period: Period) =>
    [...scopeKey(scopeId, "scope-transactions"), "category-totals", period.from, period.to] as const,
};

const hooks = domainHooks(categoryTotalsApi);

export const useCategoryTotals = (period: Period) =>
  hooks.useQuery({ key: (scopeId) => keys.totals(scopeId, period), fetch: (api) => api.get(period) });

const pad = (n: number) => String(n).padStart(2, "0");

/** The last `months` months up to `today` (YYYY-MM-DD), the current one included: the 1st to today. */
export function lastMonths(months: number, today: string): Period {
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const first = new Date(Date.UTC(year, month - months, 1));
  return { from: `${first.getUTCFullYear()}-${pad(first.getUTCMonth() + 1)}-01`, to: today };
}

/** The first and last day of a month (YYYY-MM). */
export function monthRange(month: string): Period {
  const [year, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  return { from: `${month}-01`, to: `${month}-${pad(new Date(Date.UTC(year, m, 0)).getUTCDate())}` };
}

/** The currencies with money in the period, the one with the most rows first. */
export function currenciesOf(totals: CategoryTotals): string[] {
  return [...totals.totals].sort((a, b) => b.count - a.count).map((t) => t.currency);
}
