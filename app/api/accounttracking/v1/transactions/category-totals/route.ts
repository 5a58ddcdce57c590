// GET /api/accounttracking/v1/transactions/category-totals?from&to&group=month — scoped;
// accounts.read (App tokens too). Every account's money per month, per category (uncategorised
// rows as one group) and per currency: money in, money out and net as decimal strings, never added
// across currencies, own-account transfers left out as the totals leave them out.
import { methods, route, scoped } from "@/lib/api/route";
import { CategoryTotalsQuery } from "@/lib/accounttracking/category-totals-query";
import { categoryTotals } from "@/lib/accounttracking/transactions/category-totals";
import { CategoryTotalsSchema } from "@/lib/openapi/schemas/category-totals";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Tracked accounts", {
  GET: route("getCategoryTotals", "Money per month, category and currency", {
    description:
      "Every account of the scope, from `from` to `to` (at most 36 months). Own-account transfers are left out; rows without a category are grouped as uncategorised (id null).",
    ...scoped("any", "accounts.read"),
    query: CategoryTotalsQuery,
    responses: { 200: CategoryTotalsSchema },
    handler: async ({ scope, query }) => ({ data: await categoryTotals(scope.scopeId, query) }),
  }),
});
