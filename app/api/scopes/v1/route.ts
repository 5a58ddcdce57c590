// GET /api/scopes/v1 — any principal: the scopes the caller may name in X-Scope, each with
// scopeId, name and the caller's role. POST — a person: creates a scope with them as admin.
import { ScopeSchema } from "@/lib/openapi/schemas/platform";
import { z } from "zod";
import { methods, route, unscoped } from "@/lib/api/route";
import { CreateScopeBody } from "@/lib/scopes/schemas";
import { createScope, listScopes } from "@/lib/scopes/scopes";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Scopes", {
  GET: route("listScopes", "The scopes the caller may name in X-Scope", {
    auth: "any",
    withMemberships: true,
    scoped: false,
    responses: { 200: z.array(ScopeSchema) },
    handler: async ({ db, principal, memberships }) => ({ data: await listScopes(db, principal, memberships) }),
  }),
  POST: route("createScope", "Create a scope (the creator is admin)", {
    ...unscoped("user"),
    body: CreateScopeBody,
    responses: { 201: ScopeSchema },
    handler: ({ principal, body, answer }) =>
      answer(createScope, { userId: principal.userId, name: body.name }, (scope) => ({ status: 201, data: scope })),
  }),
});
