// GET, PATCH, DELETE /api/webhooks/v1/endpoints/{id} — scoped; webhooks.manage (scope admin). One
// endpoint: read it, change its URL, events, description or enabled, delete it (its messages go too).
import { NO_BODY } from "@/lib/api/responses";
import { methods, route, scoped } from "@/lib/api/route";
import { auditActor } from "@/lib/audit/actor";
import { WebhookEndpointSchema } from "@/lib/openapi/schemas/webhooks";
import { deleteEndpoint, findEndpoint, serializeEndpoint, updateEndpoint } from "@/lib/webhooks/endpoints";
import { queueEndpoint } from "@/lib/webhooks/dispatch";
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
    handler: async ({ db, scope, params, body, principal, requestId }) => {
      const endpoint = await updateEndpoint(db, scope.scopeId, params.id, body, auditActor(principal, requestId));
      // Enabled: its waiting messages go now (the worker's tick would send them too).
      return { data: endpoint, afterCommit: endpoint.enabled ? () => queueEndpoint(endpoint.id) : undefined };
    },
  }),
  DELETE: route("deleteWebhookEndpoint", "Delete a webhook endpoint and its messages", {
    ...ENDPOINT,
    responses: { 204: NO_BODY },
    handler: async ({ db, scope, params, principal, requestId }) => {
      await deleteEndpoint(db, scope.scopeId, params.id, auditActor(principal, requestId));
      return { status: 204 };
    },
  }),
});
