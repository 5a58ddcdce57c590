// GET /api/accounttracking/v1/accounts/{id}/transactions — scoped; accounts.read.
// Query: filter[fromDate], filter[toDate] (YYYY-MM-DD, inclusive, on the booking date, or the value
// date while pending), filter[status] (booked | pending), filter[q] (words in the bank's text
// fields), filter[minAmount]/filter[maxAmount] (the amount's size), filter[direction] (in | out),
// perPage (default 100, max 500), cursor. Newest first; meta.page.nextCursor continues.
// Totals of the same set: …/transactions/totals; the set as CSV: …/transactions.csv.
import { TransactionSchema } from "@/lib/openapi/schemas/accounttracking";
import { page } from "@/lib/api/responses";
import { methods, route } from "@/lib/api/route";
import { requireAccountId } from "@/lib/accounttracking/accounts";
import { TransactionsQuery, transactionsFilterOf } from "@/lib/accounttracking/schemas";
import { listTransactions } from "@/lib/accounttracking/transactions";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Tracked accounts", {
  GET: route("listTransactions", "Transactions, newest first, page by page (cursor)", {
    description: "perPage default 100, max 500. Dates are inclusive, YYYY-MM-DD.",
    auth: "any",
    readOnly: true,
    scoped: true,
    capability: "accounts.read",
    afterLookup: true,
    uuidParams: ["id"],
    query: TransactionsQuery,
    responses: { 200: page(TransactionSchema) },
    handler: async ({ scope, params, query, authorize }) => {
      // One round trip in the common case: the page query is confined to the scope; only an empty
      // page needs the separate check that tells "no such account here" (404) from "no rows".
      const page = await listTransactions(params.id, {
        ...transactionsFilterOf(query, scope.scopeId),
        perPage: query.perPage,
        cursor: query.cursor,
      });
      if (page.items.length === 0) await requireAccountId(scope.scopeId, params.id);
      authorize("accounts.read");
      return { data: page.items, meta: page.meta };
    },
  }),
});
