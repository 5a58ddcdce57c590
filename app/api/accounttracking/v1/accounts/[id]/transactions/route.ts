// GET /api/accounttracking/v1/accounts/{id}/transactions — scoped; accounts.read.
// Query: filter[fromDate], filter[toDate] (YYYY-MM-DD, inclusive, on the booking date, or the value
// date while pending), filter[status] (booked | pending), perPage (default 100, max 500), cursor.
// Newest first; meta.page.nextCursor continues. Amounts are decimal strings with their currency.
import { methods, route } from "@/lib/api/route";
import { requireAccountId } from "@/lib/accounttracking/accounts";
import { TransactionsQuery } from "@/lib/accounttracking/schemas";
import { listTransactions } from "@/lib/accounttracking/transactions";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({
    auth: "any",
    readOnly: true,
    scoped: true,
    uuidParams: ["id"],
    query: TransactionsQuery,
    handler: async ({ scope, params, query, authorize }) => {
      // One round trip in the common case: the page query is confined to the scope; only an empty
      // page needs the separate check that tells "no such account here" (404) from "no rows".
      const page = await listTransactions(params.id, {
        fromDate: query["filter[fromDate]"],
        toDate: query["filter[toDate]"],
        status: query["filter[status]"],
        perPage: query.perPage,
        cursor: query.cursor,
        scopeId: scope.scopeId,
      });
      if (page.items.length === 0) await requireAccountId(scope.scopeId, params.id);
      authorize("accounts.read");
      return { data: page.items, meta: page.meta };
    },
  }),
});
