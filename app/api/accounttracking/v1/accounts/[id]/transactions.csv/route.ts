// GET /api/accounttracking/v1/accounts/{id}/transactions.csv — scoped; accounts.read.
// The filtered set of …/transactions (same filters, no paging) as a CSV download; errors stay JSON
// in the envelope (422 for a bad filter, 404 for an account outside the scope).
import { ACCOUNT_ID_READ } from "@/lib/api/records";
import { file } from "@/lib/api/responses";
import { methods, route } from "@/lib/api/route";

import { TransactionFilterQuery, transactionsFilterOf } from "@/lib/accounttracking/schemas";
import { transactionsCsv } from "@/lib/accounttracking/transaction-csv";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Tracked accounts", {
  GET: route("exportTransactionsCsv", "The filtered transactions as CSV, newest first", {
    ...ACCOUNT_ID_READ,
    description:
      "Same filters as the list, no paging. RFC 4180, UTF-8, CRLF; a header row, then one row per transaction. Errors are JSON in the envelope.",
    readOnly: true,
    query: TransactionFilterQuery,
    responses: { 200: file("text/csv") },
    handler: async ({ scope, query, found: accountId }) => {
      const filter = transactionsFilterOf(query, scope.scopeId);
      const csv = await transactionsCsv(accountId, filter);
      const range = [filter.fromDate, filter.toDate].filter(Boolean).join("_to_");
      return {
        text: csv.text,
        headers: {
          "content-disposition": `attachment; filename="transactions${range ? `-${range}` : ""}.csv"`,
          "x-row-count": String(csv.rows),
        },
      };
    },
  }),
});
