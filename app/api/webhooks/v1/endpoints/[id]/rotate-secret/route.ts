// POST /api/webhooks/v1/endpoints/{id}/rotate-secret — scoped; webhooks.manage (scope admin). A new
// signing secret, shown this once; for 24 hours messages carry signatures by the old and the new.
import { methods, route, scoped } from "@/lib/api/route";
import { WebhookEndpointWithSecretSchema } from "@/lib/openapi/schemas/webhooks";
import { rotateSecret } from "@/lib/webhooks/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Webhooks", {
  POST: route("rotateWebhookSecret", "Give a webhook endpoint a new signing secret (shown once)", {
    ...scoped("user", "webhooks.manage"),
    uuidParams: ["id"],
    responses: { 200: WebhookEndpointWithSecretSchema },
    handler: ({ scope, params, actor, answer }) =>
      answer(rotateSecret, { scopeId: scope.scopeId, id: params.id, actor }, (rotated) => ({ data: rotated })),
  }),
});
