// POST /api/webhooks/v1/endpoints/deliveries/{deliveryId}/replay — scoped; webhooks.manage (scope
// admin). Sends a message again (same webhook-id), queued behind the endpoint's other messages.
import { methods, route, scoped } from "@/lib/api/route";
import { WebhookDeliverySchema } from "@/lib/openapi/schemas/webhooks";
import { replayDelivery } from "@/lib/webhooks/deliveries";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Webhooks", {
  POST: route("replayWebhookDelivery", "Send a webhook message again", {
    ...scoped("user", "webhooks.manage"),
    uuidParams: ["deliveryId"],
    responses: { 201: WebhookDeliverySchema },
    handler: ({ scope, params, actor, answer }) =>
      answer(replayDelivery, { scopeId: scope.scopeId, deliveryId: params.deliveryId, actor }, (delivery) => ({
        status: 201,
        data: delivery,
      })),
  }),
});
