// GET /api/accounttracking/v1/counterparts/{counterpartId}/transactions — scoped; accounts.read.
// The transactions of the counterpart and of everything consolidated into it, newest first, with
// keyset pagination (perPage, cursor → meta.page.nextCursor); filter[accountId] narrows to one account.
import { COUNTERPART_READ } from "@/lib/api/records";
import { CounterpartTransactionSchema } from "@/lib/openapi/schemas/counterparts";
import { page, pageAnswer } from "@/lib/api/responses";
import { methods, route } from "@/lib/api/route";

import { CounterpartTransactionsQuery } from "@/lib/counterparts/schemas";
import { counterpartTransactions } from "@/lib/counterparts/transactions";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Counterparts", {
  GET: route("listCounterpartTransactions", "A counterpart's transactions, newest first", {
    description: "Consolidated members' transactions included.",
    ...COUNTERPART_READ,
    query: CounterpartTransactionsQuery,
    responses: { 200: page(CounterpartTransactionSchema) },
    handler: async ({ db, scope, query, found: counterpart }) =>
      pageAnswer(
        await counterpartTransactions(db, scope.scopeId, counterpart.id, {
          perPage: query.perPage,
          cursor: query.cursor,
          accountId: query["filter[accountId]"],
        }),
      ),
  }),
});
