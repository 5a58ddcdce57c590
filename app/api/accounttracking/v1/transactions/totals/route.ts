// GET /api/accounttracking/v1/transactions/totals — scoped; accounts.read. The same filters as
// …/v1/transactions (no paging): the count, and per currency money in, money out and net, with
// own-account transfers counted apart. Amounts of different currencies are never added.
import { TransactionTotalsSchema } from "@/lib/openapi/schemas/accounttracking";
import { methods, route, scoped } from "@/lib/api/route";
import { ScopeTransactionTotalsQuery, transactionsFilterOf } from "@/lib/accounttracking/schemas";
import { scopeTransactionTotals } from "@/lib/accounttracking/transactions/scope-transactions";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Tracked accounts", {
  GET: route("getScopeTransactionTotals", "Totals of every account's filtered transactions", {
    description:
      "Same filters as the list: the count, and per currency money in, out and net; own-account transfers apart.",
    ...scoped("any", "accounts.read"),
    query: ScopeTransactionTotalsQuery,
    responses: { 200: TransactionTotalsSchema },
    handler: async ({ scope, query }) => {
      const { scopeId: _scope, ...filter } = transactionsFilterOf(query, scope.scopeId);
      return {
        data: await scopeTransactionTotals(scope.scopeId, { ...filter, accountId: query["filter[accountId]"] }),
      };
    },
  }),
});
