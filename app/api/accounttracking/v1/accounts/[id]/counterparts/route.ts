// GET /api/accounttracking/v1/accounts/{id}/counterparts — scoped; accounts.read (App tokens too).
// The parties the account's transactions are with, consolidations resolved, each with totals
// {count, sumIn, sumOut, lastDate} (decimal strings, in the account's currency).
// Query: q (search in names and aliases, including consolidated members), sort (name | count |
// sumIn | sumOut | lastDate, default sumOut), order (asc | desc, default desc), perPage, cursor.
// Changes to counterparts live under /api/accounttracking/v1/counterparts (docs/api-decisions.md, "Counterparts").
import { ACCOUNT_READ } from "@/lib/api/records";
import { CounterpartListItemSchema } from "@/lib/openapi/schemas/counterparts";
import { page, pageAnswer } from "@/lib/api/responses";
import { methods, route } from "@/lib/api/route";

import { listCounterparts } from "@/lib/counterparts/list";
import { CounterpartsQuery } from "@/lib/counterparts/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Counterparts", {
  GET: route("listAccountCounterparts", "The parties an account's transactions are with, with totals", {
    ...ACCOUNT_READ,
    query: CounterpartsQuery,
    responses: { 200: page(CounterpartListItemSchema) },
    handler: async ({ db, scope, query, found: account }) =>
      pageAnswer(await listCounterparts(db, scope.scopeId, account, query)),
  }),
});
