// The document's `webhooks` (OpenAPI 3.1): the messages Ledgerlink POSTs to a scope's endpoints, one
// per event type, each with its payload schema (lib/webhooks/events.ts, the same schema every
// emitted event is parsed with) and the Standard Webhooks headers that sign it.
import { toSchema, type JsonSchema } from "@/lib/openapi/json-schema";
import { SEND_TIMEOUT_MS } from "@/lib/webhooks/send";
import {
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENTS,
  webhookMessageSchema,
  type WebhookEventType,
} from "@/lib/webhooks/events";

const HEADERS: [string, string][] = [
  ["webhook-id", "The message's id (msg_…): the same on every attempt and replay; drop duplicates by it."],
  ["webhook-timestamp", "When this attempt was signed, in seconds since the epoch; refuse old ones."],
  [
    "webhook-signature",
    "v1,<base64 HMAC-SHA256 of `id.timestamp.body`> with the endpoint's secret; during a secret rotation two, separated by a space.",
  ],
];

function message(type: WebhookEventType): JsonSchema {
  return {
    post: {
      operationId: `webhook_${type.replace(".", "_")}`,
      summary: type,
      description: `${WEBHOOK_EVENT_DESCRIPTIONS[type]} Sent to endpoints subscribed to \`${type}\`, signed per Standard Webhooks; at least once, in order per endpoint.`,
      tags: ["Webhooks"],
      parameters: HEADERS.map(([name, description]) => ({
        name,
        in: "header",
        required: true,
        description,
        schema: { type: "string" },
      })),
      requestBody: {
        required: true,
        content: { "application/json": { schema: toSchema(webhookMessageSchema(type), "output") } },
      },
      responses: {
        "2XX": { description: "Received: the message counts as delivered." },
        default: {
          description: `Anything else (or no answer within ${SEND_TIMEOUT_MS / 1000} s): retried with backoff for about a day.`,
        },
      },
    },
  };
}

/** One path item per event type, named by it. */
export function webhookMessages(): Record<string, JsonSchema> {
  return Object.fromEntries(WEBHOOK_EVENTS.map((type) => [type, message(type)]));
}
