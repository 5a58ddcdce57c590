// GET /api/clients/v1 — scoped; clients.read: the scope's clients, newest first, keyset-paginated.
// POST — scoped; clients.write (people and App tokens with role member): creates a client.
// Accepts Idempotency-Key.
import { methods, route } from "@/lib/api/route";
import { createClient, listClients } from "@/lib/clients/clients";
import { CreateClientBody, ListClientsQuery } from "@/lib/clients/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({
    auth: "any",
    scoped: true,
    capability: "clients.read",
    query: ListClientsQuery,
    handler: async ({ db, scope, query }) => {
      const page = await listClients(db, scope.scopeId, query);
      return { data: page.items, meta: page.meta };
    },
  }),
  POST: route({
    auth: "any",
    scoped: true,
    capability: "clients.write",
    body: CreateClientBody,
    handler: async ({ db, scope, principal, body }) => ({
      status: 201,
      data: await createClient(db, scope.scopeId, principal.kind === "user" ? principal.userId : null, body),
    }),
  }),
});
