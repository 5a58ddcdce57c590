// GET /api/accounttracking/v1/transactions — scoped; accounts.read. Every tracked account's
// transactions in one list, newest first, page by page: the filters of one account's list
// (filter[fromDate], filter[toDate], filter[status], filter[q], filter[minAmount], filter[maxAmount],
// filter[direction]) and filter[accountId] for one account; each row carries accountId and accountName.
// Totals of the same set: …/v1/transactions/totals.
import { z } from "zod";
import { TransactionSchema } from "@/lib/openapi/schemas/accounttracking";
import { page } from "@/lib/api/responses";
import { methods, route, scoped } from "@/lib/api/route";
import { ScopeTransactionsQuery, transactionsFilterOf } from "@/lib/accounttracking/schemas";
import { listScopeTransactions } from "@/lib/accounttracking/transactions/scope-transactions";

const ScopeTransactionSchema = TransactionSchema.extend({
  accountId: z.uuid(),
  accountName: z.string().nullable().describe("The account's nickname, else its name at the bank"),
});

export const { GET, POST, PUT, PATCH, DELETE } = methods("Tracked accounts", {
  GET: route("listScopeTransactions", "Every account's transactions, newest first, page by page (cursor)", {
    description:
      "perPage default 100, max 500. Dates are inclusive, YYYY-MM-DD. filter[accountId] narrows to one account.",
    ...scoped("any", "accounts.read"),
    query: ScopeTransactionsQuery,
    responses: { 200: page(ScopeTransactionSchema) },
    handler: async ({ scope, query }) => {
      const { scopeId: _scope, ...filter } = transactionsFilterOf(query, scope.scopeId);
      const result = await listScopeTransactions(scope.scopeId, {
        ...filter,
        accountId: query["filter[accountId]"],
        perPage: query.perPage,
        cursor: query.cursor,
      });
      return { data: result.items, meta: result.meta };
    },
  }),
});
