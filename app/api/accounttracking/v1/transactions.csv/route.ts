// GET /api/accounttracking/v1/transactions.csv — scoped; accounts.read. Every account's filtered
// transactions (the filters of …/v1/transactions, filter[accountId] for one account; no paging) as a
// CSV download, the columns of an account's export: each row names its account (accountName,
// accountIban) and keeps its own currency. Only the caller's scope; errors stay JSON in the envelope
// (422 for a bad filter). Streamed (lib/accounttracking/transactions/csv.ts).
import { file } from "@/lib/api/responses";
import { methods, route, scoped } from "@/lib/api/route";
import { fileStreams } from "@/lib/api/streamed-file";
import { ScopeTransactionCsvQuery, transactionsFilterOf } from "@/lib/accounttracking/schemas";
import { scopeCsvFileName, scopeTransactionsCsv } from "@/lib/accounttracking/transactions/csv";

const streams = fileStreams();

const served = methods("Tracked accounts", {
  GET: route("exportScopeTransactionsCsv", "Every account's filtered transactions as CSV, newest first", {
    description:
      "Same filters as the list of every account's transactions, no paging; the columns of an account's export (RFC 4180, UTF-8 with a byte order mark, CRLF, streamed). Each row names its account (`accountName`, nickname first; `accountIban`) and carries its own `currency`: amounts of different currencies are never added. `format=excel-eu`: semicolons and a decimal comma. An account of another scope in filter[accountId] gives a file with the header only. Errors are JSON in the envelope.",
    ...scoped("any", "accounts.read"),
    query: ScopeTransactionCsvQuery,
    responses: { 200: file("text/csv") },
    handler: async ({ request, scope, query }) => {
      const { scopeId: _scope, ...rest } = transactionsFilterOf(query, scope.scopeId);
      const filter = { ...rest, accountId: query["filter[accountId]"] };
      streams.keep(request, await scopeTransactionsCsv(scope.scopeId, filter, query.format));
      const name = await scopeCsvFileName(scope.scopeId, filter);
      return { text: "", headers: { "content-disposition": `attachment; filename="${name}"` } };
    },
  }),
});

export const GET = streams.streamed(served.GET);
export const { POST, PUT, PATCH, DELETE } = served;
