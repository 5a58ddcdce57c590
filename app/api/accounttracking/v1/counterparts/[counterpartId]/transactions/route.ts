// GET /api/accounttracking/v1/counterparts/{counterpartId}/transactions — scoped; accounts.read.
// The transactions of the counterpart and of everything consolidated into it, newest first, with
// keyset pagination (perPage, cursor → meta.page.nextCursor); filter[accountId] narrows to one account.
import { CounterpartTransactionSchema } from "@/lib/openapi/schemas/counterparts";
import { page } from "@/lib/api/responses";
import { methods, route } from "@/lib/api/route";
import { COUNTERPART_READ } from "@/lib/counterparts/find";
import { CounterpartTransactionsQuery } from "@/lib/counterparts/schemas";
import { counterpartTransactions } from "@/lib/counterparts/transactions";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({
    ...COUNTERPART_READ,
    operationId: "listCounterpartTransactions",
    tag: "Counterparts",
    summary: "The counterpart's transactions (consolidated members included), newest first",
    readOnly: true,
    query: CounterpartTransactionsQuery,
    responses: { 200: page(CounterpartTransactionSchema) },
    handler: async ({ db, scope, query, found: counterpart }) => {
      const page = await counterpartTransactions(db, scope.scopeId, counterpart.id, {
        perPage: query.perPage,
        cursor: query.cursor,
        accountId: query["filter[accountId]"],
      });
      return { data: page.items, meta: page.meta };
    },
  }),
});
