// GET, POST /api/webhooks/v1/endpoints — scoped; a person with webhooks.manage (scope admin). The
// scope's webhook endpoints; POST creates one (its URL must reach a public host) and answers its
// signing secret, this once.
import { z } from "zod";
import { methods, route, scoped } from "@/lib/api/route";
import { WebhookEndpointSchema, WebhookEndpointWithSecretSchema } from "@/lib/openapi/schemas/webhooks";
import { createEndpoint, listEndpoints } from "@/lib/webhooks/endpoints";
import { CreateWebhookEndpointBody } from "@/lib/webhooks/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Webhooks", {
  GET: route("listWebhookEndpoints", "List the scope's webhook endpoints", {
    ...scoped("user", "webhooks.manage"),
    responses: { 200: z.array(WebhookEndpointSchema) },
    handler: async ({ db, scope }) => ({ data: await listEndpoints(db, scope.scopeId) }),
  }),
  POST: route("createWebhookEndpoint", "Create a webhook endpoint (the signing secret is shown once)", {
    description:
      "Messages follow the Standard Webhooks specification: headers webhook-id, webhook-timestamp and webhook-signature; body {type, timestamp, data}. Verify them with a Standard Webhooks library and the secret answered here.",
    ...scoped("user", "webhooks.manage"),
    body: CreateWebhookEndpointBody,
    responses: { 201: WebhookEndpointWithSecretSchema },
    handler: ({ scope, body, actor, answer }) =>
      answer(createEndpoint, { ...body, scopeId: scope.scopeId, actor }, (created) => ({ status: 201, data: created })),
  }),
});
