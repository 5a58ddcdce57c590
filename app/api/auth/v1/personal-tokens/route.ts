// GET, POST /api/auth/v1/personal-tokens — a signed-in person only (not App tokens).
// A personal access token acts as that person in every scope they belong to. The secret is in
// the POST response only (`data.token`); it is stored as a hash.
import { CreatedTokenSchema, TokenRecordSchema } from "@/lib/openapi/schemas/platform";
import { z } from "zod";
import { methods, route, unscoped } from "@/lib/api/route";
import { CreatePersonalTokenBody } from "@/lib/identity/schemas";
import { createPersonalToken, listPersonalTokens } from "@/lib/identity/tokens";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Authentication", {
  GET: route("listPersonalTokens", "List your personal access tokens", {
    ...unscoped("user"),
    responses: { 200: z.array(TokenRecordSchema) },
    handler: async ({ db, principal }) => ({ data: await listPersonalTokens(db, principal.userId) }),
  }),
  POST: route("createPersonalToken", "Create a personal access token (the secret is shown once)", {
    ...unscoped("user"),
    body: CreatePersonalTokenBody,
    responses: { 201: CreatedTokenSchema },
    handler: ({ principal, body, actor, answer }) => {
      const token = { name: body.name, expiresInDays: body.expiresInDays ?? null, userId: principal.userId };
      return answer(createPersonalToken, { ...token, actor }, (created) => ({ status: 201, data: created }));
    },
  }),
});
