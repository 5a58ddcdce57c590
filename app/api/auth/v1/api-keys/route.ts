// GET, POST /api/auth/v1/api-keys — scoped; a person with tokens.manage (scope admin).
// App tokens (kind api_key, connector_app or delegated_agent) are bound to the X-Scope scope
// with role member or viewer. The secret is in the POST response only (`data.token`).
import { methods, route } from "@/lib/api/route";
import { CreateApiKeyBody } from "@/lib/identity/schemas";
import { createAppToken, listAppTokens } from "@/lib/identity/tokens";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({
    auth: "user",
    scoped: true,
    capability: "tokens.manage",
    handler: async ({ db, scope }) => ({ data: await listAppTokens(db, scope.scopeId) }),
  }),
  POST: route({
    auth: "user",
    scoped: true,
    capability: "tokens.manage",
    body: CreateApiKeyBody,
    handler: async ({ db, scope, principal, body }) => ({
      status: 201,
      data: await createAppToken(db, {
        scopeId: scope.scopeId,
        createdBy: principal.userId,
        name: body.name,
        kind: body.kind,
        role: body.role,
        expiresInDays: body.expiresInDays ?? null,
      }),
    }),
  }),
});
