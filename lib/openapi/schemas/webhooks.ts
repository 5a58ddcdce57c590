// Response shapes of the webhook endpoints API.
import { z } from "zod";
import { isoDateTime, uuid } from "@/lib/openapi/schemas/common";
import { WEBHOOK_EVENTS } from "@/lib/webhooks/events";

export const WebhookEndpointSchema = z.object({
  id: uuid,
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  disabledReason: z.string().nullable().describe("Why it stopped receiving messages (failing for 3 days, or a person)"),
  disabledAt: isoDateTime.nullable(),
  failingSince: isoDateTime.nullable().describe("Since when its messages fail; null while they succeed"),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

export const WebhookEndpointWithSecretSchema = WebhookEndpointSchema.extend({
  secret: z
    .string()
    .describe("The signing secret (whsec_…), shown this once: verify each message's webhook-signature with it"),
});

export const WebhookDeliverySchema = z.object({
  id: uuid,
  endpointId: uuid,
  messageId: z.string().describe("The webhook-id header: the same for every attempt and replay; drop duplicates by it"),
  eventType: z.enum(WEBHOOK_EVENTS),
  status: z.enum(["pending", "succeeded", "failed"]),
  attempts: z.number().int(),
  nextAttemptAt: isoDateTime.nullable(),
  lastAttemptAt: isoDateTime.nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastLatencyMs: z.number().int().nullable(),
  deliveredAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
