"use client";
// The scope's webhook endpoints through the typed client: types, query keys and hooks for Settings →
// Webhooks (its admins).
import type { z } from "zod";
import type { ApiClient } from "@/lib/client/api-client";
import { domainHooks } from "@/lib/client/domain-hooks";
import { scopeKey } from "@/lib/client/query-keys";
import type {
  WebhookDeliverySchema,
  WebhookEndpointSchema,
  WebhookEndpointWithSecretSchema,
} from "@/lib/openapi/schemas/webhooks";
import type { CreateWebhookEndpointBody, UpdateWebhookEndpointBody } from "@/lib/webhooks/schemas";

export type WebhookEndpoint = z.output<typeof WebhookEndpointSchema>;
export type WebhookEndpointWithSecret = z.output<typeof WebhookEndpointWithSecretSchema>;
export type WebhookDelivery = z.output<typeof WebhookDeliverySchema>;
type CreateInput = z.input<typeof CreateWebhookEndpointBody>;
type UpdateInput = z.input<typeof UpdateWebhookEndpointBody>;

const BASE = "/api/webhooks/v1/endpoints";
const enc = encodeURIComponent;

function webhooksApi(client: ApiClient) {
  const { scoped } = client;
  return {
    list: () => scoped.get<WebhookEndpoint[]>(BASE),
    create: (input: CreateInput) => scoped.send<WebhookEndpointWithSecret>("POST", BASE, input),
    update: ({ id, ...change }: UpdateInput & { id: string }) =>
      scoped.send<WebhookEndpoint>("PATCH", `${BASE}/${enc(id)}`, change),
    remove: (id: string) => scoped.send<undefined>("DELETE", `${BASE}/${enc(id)}`),
    rotate: (id: string) => scoped.send<WebhookEndpointWithSecret>("POST", `${BASE}/${enc(id)}/rotate-secret`),
    deliveries: (id: string, cursor: string | null) =>
      scoped.page<WebhookDelivery>(`${BASE}/${enc(id)}/deliveries`, { perPage: 20, cursor }),
    replay: (deliveryId: string) =>
      scoped.send<WebhookDelivery>("POST", `${BASE}/deliveries/${enc(deliveryId)}/replay`),
  };
}

const webhookKeys = {
  all: (scopeId: string | null) => scopeKey(scopeId, "webhooks"),
  list: (scopeId: string | null) => [...webhookKeys.all(scopeId), "list"] as const,
  deliveries: (scopeId: string | null, id: string) => [...webhookKeys.all(scopeId), "deliveries", id] as const,
};

const webhooks = domainHooks(webhooksApi);
const stale = (scopeId: string | null) => [webhookKeys.all(scopeId)];

export const useWebhookEndpoints = () => webhooks.useQuery({ key: webhookKeys.list, fetch: (api) => api.list() });
export const useWebhookDeliveries = (id: string) =>
  webhooks.usePages({
    key: (scopeId) => webhookKeys.deliveries(scopeId, id),
    fetchPage: (api, cursor) => api.deliveries(id, cursor),
  });
export const useCreateWebhookEndpoint = () => webhooks.useChange((api, input: CreateInput) => api.create(input), stale);
export const useUpdateWebhookEndpoint = () =>
  webhooks.useChange((api, input: UpdateInput & { id: string }) => api.update(input), stale);
export const useDeleteWebhookEndpoint = () => webhooks.useChange((api, id: string) => api.remove(id), stale);
export const useRotateWebhookSecret = () => webhooks.useChange((api, id: string) => api.rotate(id), stale);
export const useReplayWebhookDelivery = () => webhooks.useChange((api, id: string) => api.replay(id), stale);
