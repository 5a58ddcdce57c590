// Request schemas of the webhook endpoints API. No server imports: the browser's client takes its
// types from here.
import { z } from "zod";
import { WEBHOOK_EVENTS } from "@/lib/webhooks/events";
import { pageQuery } from "@/lib/pagination";

const url = z
  .string()
  .trim()
  .max(2000, "url must be at most 2000 characters")
  .regex(/^https?:\/\//i, "url must be an http(s) URL")
  .describe("Where messages are POSTed. Must resolve to public addresses only (no private, loopback or link-local).");
const events = z
  .array(z.enum(WEBHOOK_EVENTS, { message: `events must be among ${WEBHOOK_EVENTS.join(", ")}` }))
  .min(1, "events must name at least one event")
  .max(WEBHOOK_EVENTS.length);
const description = z.string().trim().max(200, "description must be at most 200 characters").nullable();

export const CreateWebhookEndpointBody = z.object({ url, events, description: description.optional() });

export const UpdateWebhookEndpointBody = z
  .object({
    url: url.optional(),
    events: events.optional(),
    description: description.optional(),
    enabled: z.boolean().optional().describe("false stops deliveries (messages wait); true resumes them"),
  })
  .refine((b) => Object.keys(b).length > 0, { message: "Name at least one field to change" });

export const ListDeliveriesQuery = pageQuery;
