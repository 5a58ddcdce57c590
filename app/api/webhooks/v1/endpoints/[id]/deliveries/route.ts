// GET /api/webhooks/v1/endpoints/{id}/deliveries — scoped; webhooks.manage (scope admin). The
// endpoint's messages, newest first: status, attempts, the receiver's last status code, error and
// latency, the next attempt.
import { page } from "@/lib/api/responses";
import { methods, route, scoped } from "@/lib/api/route";
import { WebhookDeliverySchema } from "@/lib/openapi/schemas/webhooks";
import { listDeliveries } from "@/lib/webhooks/deliveries";
import { ListDeliveriesQuery } from "@/lib/webhooks/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Webhooks", {
  GET: route("listWebhookDeliveries", "A webhook endpoint's messages, newest first", {
    ...scoped("user", "webhooks.manage"),
    uuidParams: ["id"],
    query: ListDeliveriesQuery,
    responses: { 200: page(WebhookDeliverySchema) },
    handler: async ({ db, scope, params, query }) => listDeliveries(db, scope.scopeId, params.id, query),
  }),
});
