// GET, PATCH, DELETE /api/webhooks/v1/endpoints/{id} — scoped; webhooks.manage (scope admin). One
// endpoint: read it, change its URL, events, description or enabled, delete it (its messages go too).
import { NO_BODY } from "@/lib/api/responses";
import { methods, route, scoped } from "@/lib/api/route";
import { WebhookEndpointSchema } from "@/lib/openapi/schemas/webhooks";
import { deleteEndpoint, findEndpoint, serializeEndpoint, updateEndpoint } from "@/lib/webhooks/endpoints";
import { UpdateWebhookEndpointBody } from "@/lib/webhooks/schemas";

const ENDPOINT = { ...scoped("user", "webhooks.manage"), uuidParams: ["id"] };

export const { GET, POST, PUT, PATCH, DELETE } = methods("Webhooks", {
  GET: route("getWebhookEndpoint", "A webhook endpoint", {
    ...ENDPOINT,
    responses: { 200: WebhookEndpointSchema },
    handler: async ({ db, scope, params }) => ({
      data: serializeEndpoint(await findEndpoint(db, scope.scopeId, params.id)),
    }),
  }),
  PATCH: route("updateWebhookEndpoint", "Change a webhook endpoint, or disable and enable it", {
    ...ENDPOINT,
    body: UpdateWebhookEndpointBody,
    responses: { 200: WebhookEndpointSchema },
    handler: ({ scope, params, body, actor, answer }) =>
      answer(updateEndpoint, { scopeId: scope.scopeId, id: params.id, change: body, actor }, (endpoint) => ({
        data: endpoint,
      })),
  }),
  DELETE: route("deleteWebhookEndpoint", "Delete a webhook endpoint and its messages", {
    ...ENDPOINT,
    responses: { 204: NO_BODY },
    handler: ({ scope, params, actor, answer }) =>
      answer(deleteEndpoint, { scopeId: scope.scopeId, id: params.id, actor }, () => ({ status: 204 })),
  }),
});
