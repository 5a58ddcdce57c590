// GET /api/accounttracking/v1/accounts/{id}/transactions.csv — scoped; accounts.read.
// The filtered set of …/transactions (same filters, no paging) as a CSV download; errors stay JSON
// in the envelope (422 for a bad filter, 404 for an account outside the scope).
//
// The file is streamed (lib/accounttracking/transactions/csv.ts): up to a million rows, never one
// string. The route kernel answers with text only, so the kernel runs the request as for any route
// (auth, rate limit, scope, validation, the first page of rows, the log line) and answers an empty
// body; this file's GET then sends the kernel's status and headers with the stream the handler left
// for that request. (A stream answer in the kernel itself, lib/api, would make this wrapper go.)
import { documented, contractOf, type Handler } from "@/lib/api/methods";
import { file } from "@/lib/api/responses";
import { methods, route } from "@/lib/api/route";
import { ACCOUNT_ID_READ } from "@/lib/api/records";

import { TransactionCsvQuery, transactionsFilterOf } from "@/lib/accounttracking/schemas";
import { csvFileName, transactionsCsv } from "@/lib/accounttracking/transactions/csv";

/** The stream each request's handler produced, until its GET sends it; keyed by the request itself. */
const bodies = new WeakMap<Request, ReadableStream<Uint8Array>>();

const served = methods("Tracked accounts", {
  GET: route("exportTransactionsCsv", "The filtered transactions as CSV, newest first", {
    ...ACCOUNT_ID_READ,
    description:
      "Same filters as the list, no paging. RFC 4180, UTF-8 with a byte order mark, CRLF; a header row, then one row per transaction, streamed. `counterpartName` is the counterpart as the person set it up (alias), `bankCounterpartName` as the bank names it. `format=excel-eu`: semicolons and a decimal comma (Excel in BE/FR/DE). The file is named after the account and the date range. Errors are JSON in the envelope.",
    query: TransactionCsvQuery,
    responses: { 200: file("text/csv") },
    handler: async ({ request, scope, query, found: accountId }) => {
      const filter = transactionsFilterOf(query, scope.scopeId);
      bodies.set(request, await transactionsCsv(accountId, filter, query.format));
      return {
        text: "",
        headers: { "content-disposition": `attachment; filename="${await csvFileName(accountId, filter)}"` },
      };
    },
  }),
});

const streamed: Handler = async (request, context) => {
  const answer = await served.GET(request, context);
  const body = bodies.get(request);
  bodies.delete(request);
  if (!body) return answer;
  // The kernel refused after the handler ran (e.g. its answer failed the contract check): its answer stands.
  if (answer.status !== 200) {
    await body.cancel();
    return answer;
  }
  return new Response(body, { status: answer.status, headers: answer.headers });
};

const contract = contractOf(served.GET);
if (!contract) throw new Error("route() attaches its contract to the handler");

export const GET = documented(contract, streamed);
export const { POST, PUT, PATCH, DELETE } = served;
