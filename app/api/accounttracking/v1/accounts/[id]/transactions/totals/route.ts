// GET /api/accounttracking/v1/accounts/{id}/transactions/totals — scoped; accounts.read.
// The same filters as …/transactions (no paging): count, and per currency money in, money out and
// net (own-account transfers counted apart, in `transfers`). A separate call rather than list meta,
// so the hottest read (a page of rows) never pays for an aggregate over the whole set.
import { ACCOUNT_ID_READ } from "@/lib/api/records";
import { TransactionTotalsSchema } from "@/lib/openapi/schemas/accounttracking";
import { methods, route } from "@/lib/api/route";

import { TransactionFilterQuery, transactionsFilterOf } from "@/lib/accounttracking/schemas";
import { transactionTotals } from "@/lib/accounttracking/transactions/totals";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Tracked accounts", {
  GET: route("getTransactionTotals", "Totals of the filtered transactions", {
    description:
      "Same filters as the list: the count, and per currency money in, out and net; own-account transfers apart.",
    ...ACCOUNT_ID_READ,
    query: TransactionFilterQuery,
    responses: { 200: TransactionTotalsSchema },
    handler: async ({ scope, query, found: accountId }) => ({
      data: await transactionTotals(accountId, transactionsFilterOf(query, scope.scopeId)),
    }),
  }),
});
