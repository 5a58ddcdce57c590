// GET /api/clients/v1/{id} — scoped; clients.read. A client of another scope is 404.
import { methods, route } from "@/lib/api/route";
import { getClient } from "@/lib/clients/clients";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({
    auth: "any",
    scoped: true,
    uuidParams: ["id"],
    handler: async ({ db, scope, params, authorize }) => {
      const client = await getClient(db, scope.scopeId, params.id);
      authorize("clients.read");
      return { data: client };
    },
  }),
});
