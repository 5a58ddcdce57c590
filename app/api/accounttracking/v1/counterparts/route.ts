// GET /api/accounttracking/v1/counterparts?filter[id]=<id>,<id>… — scoped; accounts.read (App
// tokens too). The display name of each counterpart (its root's alias after consolidation, else the
// bank's name), for a page of transactions: ids from other scopes or unknown ids are left out.
import { methods, route } from "@/lib/api/route";
import { counterpartNames } from "@/lib/counterparts/names";
import { CounterpartNamesQuery } from "@/lib/counterparts/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({
    auth: "any",
    readOnly: true,
    scoped: true,
    capability: "accounts.read",
    query: CounterpartNamesQuery,
    handler: async ({ db, scope, query }) => ({ data: await counterpartNames(db, scope.scopeId, query["filter[id]"]) }),
  }),
});
