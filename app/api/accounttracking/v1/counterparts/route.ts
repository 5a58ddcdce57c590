// GET /api/accounttracking/v1/counterparts?filter[id]=<id>,<id>… — scoped; accounts.read (App
// tokens too). The display name of each counterpart (its root's alias after consolidation, else the
// bank's name), for a page of transactions: ids from other scopes or unknown ids are left out.
import { CounterpartNameSchema } from "@/lib/openapi/schemas/counterparts";
import { z } from "zod";
import { methods, route } from "@/lib/api/route";
import { counterpartNames } from "@/lib/counterparts/names";
import { CounterpartNamesQuery } from "@/lib/counterparts/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Counterparts", {
  GET: route("getCounterpartNames", "Display names of counterparts by id", {
    description: "Up to 200 ids; a consolidated member resolves to its target; other scopes' ids are left out.",
    auth: "any",
    scoped: true,
    capability: "accounts.read",
    query: CounterpartNamesQuery,
    responses: { 200: z.array(CounterpartNameSchema) },
    handler: async ({ db, scope, query }) => ({
      data: await counterpartNames(db, scope.scopeId, query["filter[id]"]),
    }),
  }),
});
