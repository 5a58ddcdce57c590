// GET /api/clients/v1 — scoped; clients.read: the scope's clients, newest first, keyset-paginated.
// POST — scoped; clients.write (people and App tokens with role member): creates a client.
// Accepts Idempotency-Key.
import { ClientSchema } from "@/lib/openapi/schemas/platform";
import { page, pageAnswer } from "@/lib/api/responses";
import { methods, route, scoped } from "@/lib/api/route";
import { createClient, listClients } from "@/lib/clients/clients";
import { CreateClientBody, ListClientsQuery } from "@/lib/clients/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Clients", {
  GET: route("listClients", "List clients, newest first", {
    ...scoped("any", "clients.read"),
    query: ListClientsQuery,
    responses: { 200: page(ClientSchema) },
    handler: async ({ db, scope, query }) => pageAnswer(await listClients(db, scope.scopeId, query)),
  }),
  POST: route("createClient", "Create a client", {
    ...scoped("any", "clients.write"),
    body: CreateClientBody,
    responses: { 201: ClientSchema },
    handler: ({ scope, principal, body, actor, answer }) => {
      const client = {
        ...body,
        scopeId: scope.scopeId,
        createdById: principal.kind === "user" ? principal.userId : null,
      };
      return answer(createClient, { ...client, actor }, (created) => ({ status: 201, data: created }));
    },
  }),
});
