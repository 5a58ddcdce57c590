// POST /api/webhooks/v1/endpoints/deliveries/{deliveryId}/replay — scoped; webhooks.manage (scope
// admin). Sends a message again (same webhook-id), queued behind the endpoint's other messages.
import { methods, route, scoped } from "@/lib/api/route";
import { auditActor } from "@/lib/audit/actor";
import { WebhookDeliverySchema } from "@/lib/openapi/schemas/webhooks";
import { replayDelivery } from "@/lib/webhooks/deliveries";
import { queueEndpoint } from "@/lib/webhooks/dispatch";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Webhooks", {
  POST: route("replayWebhookDelivery", "Send a webhook message again", {
    ...scoped("user", "webhooks.manage"),
    uuidParams: ["deliveryId"],
    responses: { 201: WebhookDeliverySchema },
    handler: async ({ db, scope, params, principal, requestId }) => {
      const delivery = await replayDelivery(db, scope.scopeId, params.deliveryId, auditActor(principal, requestId));
      return { status: 201, data: delivery, afterCommit: () => queueEndpoint(delivery.endpointId) };
    },
  }),
});
