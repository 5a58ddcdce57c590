// GET /api/accounttracking/v1/accounts/{id}/transactions.csv — scoped; accounts.read.
// The filtered set of …/transactions (same filters, no paging) as a CSV download; errors stay JSON
// in the envelope (422 for a bad filter, 404 for an account outside the scope).
//
// The file is streamed (lib/accounttracking/transactions/csv.ts, lib/api/streamed-file.ts): up to a
// million rows, never one string.
import { file } from "@/lib/api/responses";
import { methods, route } from "@/lib/api/route";
import { ACCOUNT_ID_READ } from "@/lib/api/records";
import { fileStreams } from "@/lib/api/streamed-file";

import { TransactionCsvQuery, transactionsFilterOf } from "@/lib/accounttracking/schemas";
import { csvFileName, transactionsCsv } from "@/lib/accounttracking/transactions/csv";

const streams = fileStreams();

const served = methods("Tracked accounts", {
  GET: route("exportTransactionsCsv", "The filtered transactions as CSV, newest first", {
    ...ACCOUNT_ID_READ,
    description:
      "Same filters as the list, no paging. RFC 4180, UTF-8 with a byte order mark, CRLF; a header row, then one row per transaction, streamed. `counterpartName` is the counterpart as the person set it up (alias), `bankCounterpartName` as the bank names it. `format=excel-eu`: semicolons and a decimal comma (Excel in BE/FR/DE). The file is named after the account and the date range. Errors are JSON in the envelope.",
    query: TransactionCsvQuery,
    responses: { 200: file("text/csv") },
    handler: async ({ request, scope, query, found: accountId }) => {
      const filter = transactionsFilterOf(query, scope.scopeId);
      streams.keep(request, await transactionsCsv(accountId, filter, query.format));
      return {
        text: "",
        headers: { "content-disposition": `attachment; filename="${await csvFileName(accountId, filter)}"` },
      };
    },
  }),
});

export const GET = streams.streamed(served.GET);
export const { POST, PUT, PATCH, DELETE } = served;
