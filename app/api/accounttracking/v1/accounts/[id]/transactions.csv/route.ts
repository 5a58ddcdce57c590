// GET /api/accounttracking/v1/accounts/{id}/transactions.csv — scoped; accounts.read.
// The filtered set of …/transactions (same filters, no paging) as a CSV download; errors stay JSON
// in the envelope (422 for a bad filter, 404 for an account outside the scope).
import { methods, route } from "@/lib/api/route";
import { requireAccountId } from "@/lib/accounttracking/accounts";
import { TransactionFilterQuery, transactionsFilterOf } from "@/lib/accounttracking/schemas";
import { transactionsCsv } from "@/lib/accounttracking/transaction-csv";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({
    auth: "any",
    readOnly: true,
    scoped: true,
    uuidParams: ["id"],
    query: TransactionFilterQuery,
    handler: async ({ scope, params, query, authorize }) => {
      await requireAccountId(scope.scopeId, params.id);
      authorize("accounts.read");
      const filter = transactionsFilterOf(query, scope.scopeId);
      const csv = await transactionsCsv(params.id, filter);
      const range = [filter.fromDate, filter.toDate].filter(Boolean).join("_to_");
      return new Response(csv.text, {
        status: 200,
        headers: {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="transactions${range ? `-${range}` : ""}.csv"`,
          "cache-control": "no-store",
          "x-row-count": String(csv.rows),
        },
      });
    },
  }),
});
