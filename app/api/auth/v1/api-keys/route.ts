// GET, POST /api/auth/v1/api-keys — scoped; a person with tokens.manage (scope admin).
// App tokens (kind api_key, connector_app or delegated_agent) are bound to the X-Scope scope
// with role member or viewer. The secret is in the POST response only (`data.token`).
import { CreatedTokenSchema, TokenRecordSchema } from "@/lib/openapi/schemas/platform";
import { z } from "zod";
import { methods, route, scoped } from "@/lib/api/route";
import { CreateApiKeyBody } from "@/lib/identity/schemas";
import { createAppToken, listAppTokens } from "@/lib/identity/tokens";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Authentication", {
  GET: route("listApiKeys", "List the scope's App tokens (API keys, connector apps, delegated agents)", {
    ...scoped("user", "tokens.manage"),
    responses: { 200: z.array(TokenRecordSchema) },
    handler: async ({ db, scope }) => ({ data: await listAppTokens(db, scope.scopeId) }),
  }),
  POST: route("createApiKey", "Create an App token bound to this scope (the secret is shown once)", {
    ...scoped("user", "tokens.manage"),
    body: CreateApiKeyBody,
    responses: { 201: CreatedTokenSchema },
    handler: ({ scope, principal, body, actor, answer }) => {
      const key = {
        ...body,
        expiresInDays: body.expiresInDays ?? null,
        scopeId: scope.scopeId,
        createdBy: principal.userId,
      };
      return answer(createAppToken, { ...key, actor }, (created) => ({ status: 201, data: created }));
    },
  }),
});
