// GET /api/accounttracking/v1/accounts/{id}/transactions — scoped; accounts.read.
// Query: filter[fromDate], filter[toDate] (YYYY-MM-DD, inclusive, on the booking date, or the value
// date while pending), filter[status] (booked | pending), filter[q] (words in the bank's text
// fields), filter[minAmount]/filter[maxAmount] (the amount's size), filter[direction] (in | out),
// perPage (default 100, max 500), cursor. Newest first; meta.page.nextCursor continues.
// Totals of the same set: …/transactions/totals; the set as CSV: …/transactions.csv.
import type { z } from "zod";
import { TransactionSchema } from "@/lib/openapi/schemas/accounttracking";
import type { PrefetchInput } from "@/lib/api/contract";
import { page } from "@/lib/api/responses";
import { methods, route } from "@/lib/api/route";
import { requireAccountId } from "@/lib/accounttracking/accounts/accounts";
import { TransactionsQuery, transactionsFilterOf } from "@/lib/accounttracking/schemas";
import { listTransactions } from "@/lib/accounttracking/transactions/transactions";

/** The page, confined to the X-Scope scope: another scope's account reads as an empty page. */
const readPage = ({ scopeId, params, query }: PrefetchInput<z.infer<typeof TransactionsQuery>>) =>
  listTransactions(params.id, {
    ...transactionsFilterOf(query, scopeId),
    perPage: query.perPage,
    cursor: query.cursor,
  });

export const { GET, POST, PUT, PATCH, DELETE } = methods("Tracked accounts", {
  GET: route("listTransactions", "Transactions, newest first, page by page (cursor)", {
    description: "perPage default 100, max 500. Dates are inclusive, YYYY-MM-DD.",
    auth: "any",
    scoped: true,
    capability: "accounts.read",
    afterLookup: true,
    uuidParams: ["id"],
    query: TransactionsQuery,
    responses: { 200: page(TransactionSchema) },
    // Read alongside the credentials when the kernel may (lib/api/prefetch.ts).
    prefetch: readPage,
    handler: async ({ scope, params, query, authorize, prefetched }) => {
      // One round trip in the common case: the page query is confined to the scope; only an empty
      // page needs the separate check that tells "no such account here" (404) from "no rows".
      const page = await (prefetched ?? readPage({ scopeId: scope.scopeId, params, query }));
      if (page.items.length === 0) await requireAccountId(scope.scopeId, params.id);
      authorize("accounts.read");
      return { data: page.items, meta: page.meta };
    },
  }),
});
