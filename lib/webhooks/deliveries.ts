// An endpoint's messages as its admins see them (status, attempts, the receiver's last answer and
// latency), newest first, and replaying one: the same message (same webhook-id, so a receiver that
// already has it drops it) queued again behind the endpoint's other messages.
import "server-only";
import type { Audited } from "@/lib/audit/audited-change";
import { recordAudit } from "@/lib/audit/record";
import type { Tx } from "@/lib/db/client";
import { transaction } from "@/lib/db/transaction";
import { query } from "@/lib/db/sql";
import { notFound } from "@/lib/errors";
import { decodeCursor, pageOf } from "@/lib/pagination";
import { queueEndpoint } from "@/lib/webhooks/dispatch";
import { findEndpoint } from "@/lib/webhooks/endpoints";
import type { WebhookEventType } from "@/lib/webhooks/events";

type Row = {
  id: string;
  seq: string;
  endpoint_id: string;
  event_id: string;
  type: WebhookEventType;
  status: "pending" | "succeeded" | "failed";
  attempts: number;
  next_attempt_at: Date;
  last_attempt_at: Date | null;
  last_status_code: number | null;
  last_error: string | null;
  last_latency_ms: number | null;
  delivered_at: Date | null;
  created_at: Date;
};

const COLUMNS = `d.id, d.seq::text AS seq, d.endpoint_id, d.event_id, e.type, d.status, d.attempts, d.next_attempt_at,
  d.last_attempt_at, d.last_status_code, d.last_error, d.last_latency_ms, d.delivered_at, d.created_at`;

export function serializeDelivery(r: Row) {
  return {
    id: r.id,
    endpointId: r.endpoint_id,
    messageId: `msg_${r.event_id}`,
    eventType: r.type,
    status: r.status,
    attempts: r.attempts,
    nextAttemptAt: r.status === "pending" ? r.next_attempt_at.toISOString() : null,
    lastAttemptAt: r.last_attempt_at?.toISOString() ?? null,
    lastStatusCode: r.last_status_code,
    lastError: r.last_error,
    lastLatencyMs: r.last_latency_ms,
    deliveredAt: r.delivered_at?.toISOString() ?? null,
    createdAt: r.created_at.toISOString(),
  };
}

export async function listDeliveries(
  db: Tx,
  scopeId: string,
  endpointId: string,
  page: { perPage: number; cursor?: string },
) {
  await findEndpoint(db, scopeId, endpointId);
  const list = { name: `webhook-deliveries:${endpointId}` };
  const after = decodeCursor(list, page.cursor, 1);
  const rows = await query<Row>(
    db,
    `SELECT ${COLUMNS} FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
      WHERE d.endpoint_id = $1::uuid ${after ? "AND d.seq < $3::bigint" : ""}
      ORDER BY d.seq DESC LIMIT $2`,
    endpointId,
    page.perPage + 1,
    ...(after ? [String(after[0])] : []),
  );
  const result = pageOf(list, rows, page.perPage, (r) => [r.seq]);
  return { data: result.items.map(serializeDelivery), meta: result.meta };
}

/** Queues the delivery's message again for its endpoint; returns the new delivery. */
type Replay = { scopeId: string; deliveryId: string } & Audited<ReturnType<typeof serializeDelivery>>;

export function replayDelivery({ commit = transaction, ...input }: Replay) {
  return commit((db) => replay(db, input));
}

async function replay(db: Tx, { scopeId, deliveryId, actor }: Omit<Replay, "commit">) {
  const [original] = await query<{ endpoint_id: string; event_id: string }>(
    db,
    `SELECT d.endpoint_id, d.event_id FROM webhook_deliveries d JOIN webhook_endpoints w ON w.id = d.endpoint_id
      WHERE d.id = $1::uuid AND w.scope_id = $2::uuid`,
    deliveryId,
    scopeId,
  );
  if (!original) throw notFound("Webhook delivery");
  const [created] = await query<Row>(
    db,
    `WITH d AS (INSERT INTO webhook_deliveries (endpoint_id, event_id) VALUES ($1::uuid, $2::uuid) RETURNING *)
     SELECT ${COLUMNS} FROM d JOIN webhook_events e ON e.id = d.event_id`,
    original.endpoint_id,
    original.event_id,
  );
  await recordAudit(db, scopeId, actor, {
    action: "webhook_endpoint.delivery_replayed",
    recordType: "webhook_endpoint",
    recordId: original.endpoint_id,
    after: { messageId: `msg_${original.event_id}`, replayOf: deliveryId },
  });
  await queueEndpoint(original.endpoint_id, 0, db);
  return serializeDelivery(created);
}
