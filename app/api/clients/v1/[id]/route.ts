// GET /api/clients/v1/{id} — scoped; clients.read. A client of another scope is 404.
import { clientRoute } from "@/lib/api/records";
import { ClientSchema } from "@/lib/openapi/schemas/platform";
import { methods, route } from "@/lib/api/route";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Clients", {
  GET: route("getClient", "Get a client", {
    ...clientRoute("any", "clients.read"),
    responses: { 200: ClientSchema },
    handler: ({ found: client }) => Promise.resolve({ data: client }),
  }),
});
