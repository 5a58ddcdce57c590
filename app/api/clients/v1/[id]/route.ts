// GET /api/clients/v1/{id} — scoped; clients.read. A client of another scope is 404.
import { ClientSchema } from "@/lib/openapi/schemas/platform";
import { methods, route } from "@/lib/api/route";
import { getClient } from "@/lib/clients/clients";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({
    operationId: "getClient",
    tag: "Clients",
    summary: "Get a client",
    auth: "any",
    scoped: true,
    capability: "clients.read",
    afterLookup: true,
    uuidParams: ["id"],
    responses: { 200: ClientSchema },
    handler: async ({ db, scope, params, authorize }) => {
      const client = await getClient(db, scope.scopeId, params.id);
      authorize("clients.read");
      return { data: client };
    },
  }),
});
