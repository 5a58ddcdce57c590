// GET /api/scopes/v1 — any principal: the scopes the caller may name in X-Scope, each with
// scopeId, name and the caller's role. POST — a person: creates a scope with them as admin.
import { methods, route } from "@/lib/api/route";
import { CreateScopeBody } from "@/lib/scopes/schemas";
import { createScope, listScopes } from "@/lib/scopes/scopes";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({
    auth: "any",
    readOnly: true,
    scoped: false,
    handler: async ({ db, principal }) => ({ data: await listScopes(db, principal) }),
  }),
  POST: route({
    auth: "user",
    scoped: false,
    body: CreateScopeBody,
    handler: async ({ db, principal, body }) => ({
      status: 201,
      data: await createScope(db, principal.userId, body.name),
    }),
  }),
});
