// The outbox: an event is written in the transaction of the change it reports (a move of a consent
// or a sync run, an account tracked), so it is sent if and only if the change committed. Nothing is
// written for a scope whose enabled endpoints do not subscribe to the type. Every payload is parsed
// with its type's schema first (lib/webhooks/events.ts): what is written is what the OpenAPI document
// publishes. lib/webhooks/deliver.ts sends the messages, in order per endpoint.
import "server-only";
import { rows, type SqlDb } from "@/lib/db/sql";
import { WEBHOOK_EVENT_SCHEMAS, type WebhookEvent } from "@/lib/webhooks/events";

// One statement: the event, and a delivery for each subscribing endpoint (in endpoint order, which
// gives the deliveries' seq). `dedupe`: an event that must be sent once (consent.ending) is written
// once whatever the number of attempts.
const EMIT = `
WITH subscribers AS (
  SELECT id FROM webhook_endpoints WHERE scope_id = $1::uuid AND enabled AND $2::text = ANY (events)
), event AS (
  INSERT INTO webhook_events (scope_id, type, payload, dedupe_key)
  SELECT $1::uuid, $2::text, $3::jsonb, $4::text WHERE EXISTS (SELECT 1 FROM subscribers)
  ON CONFLICT (dedupe_key) DO NOTHING RETURNING id
)
INSERT INTO webhook_deliveries (endpoint_id, event_id)
SELECT s.id, e.id FROM subscribers s CROSS JOIN event e ORDER BY s.id
RETURNING event_id`;

/** Writes the event in `db`'s transaction; false when nobody subscribes or it was written before. */
export async function emitEvent(
  db: SqlDb,
  scopeId: string,
  event: WebhookEvent,
  dedupeKey: string | null = null,
): Promise<boolean> {
  const data = WEBHOOK_EVENT_SCHEMAS[event.type].parse(event.data);
  const written = await rows<{ event_id: string }>(db, EMIT, [scopeId, event.type, JSON.stringify(data), dedupeKey]);
  return written.length > 0;
}
