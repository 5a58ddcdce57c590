// GET /api/clients/v1/{id} — scoped; clients.read. A client of another scope is 404.
import { ClientSchema } from "@/lib/openapi/schemas/platform";
import { methods, route } from "@/lib/api/route";
import { clientRoute } from "@/lib/clients/clients";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Clients", {
  GET: route("getClient", "Get a client", {
    ...clientRoute("any", "clients.read"),
    responses: { 200: ClientSchema },
    handler: ({ found: client }) => Promise.resolve({ data: client }),
  }),
});
