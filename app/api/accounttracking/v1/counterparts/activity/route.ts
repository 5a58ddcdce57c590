// GET /api/accounttracking/v1/counterparts/activity — scoped; accounts.read (App tokens too). Every
// counterpart the scope's accounts deal with, consolidations resolved, each with its totals per
// currency (decimal strings, never added across currencies) and how many accounts deal with it.
// Query: q (names and aliases, consolidated members included), sort (count | lastDate | name,
// default count), order (asc | desc, default desc), filter[accountId], perPage, cursor.
// One account's list with its single-currency totals: GET /accounts/{id}/counterparts.
import { ScopeCounterpartItemSchema } from "@/lib/openapi/schemas/counterparts";
import { page, pageAnswer } from "@/lib/api/responses";
import { methods, route } from "@/lib/api/route";
import { listScopeCounterparts } from "@/lib/counterparts/scope-list";
import { ScopeCounterpartsQuery } from "@/lib/counterparts/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Counterparts", {
  GET: route("listScopeCounterparts", "The parties the scope's accounts deal with, by activity", {
    description:
      "Across the scope's accounts or one (`filter[accountId]`); totals per currency. An account of another scope lists nothing.",
    auth: "any",
    scoped: true,
    capability: "accounts.read",
    query: ScopeCounterpartsQuery,
    responses: { 200: page(ScopeCounterpartItemSchema) },
    handler: async ({ db, scope, query }) =>
      pageAnswer(
        await listScopeCounterparts(db, scope.scopeId, {
          q: query.q,
          sort: query.sort,
          order: query.order,
          accountId: query["filter[accountId]"],
          perPage: query.perPage,
          cursor: query.cursor,
        }),
      ),
  }),
});
