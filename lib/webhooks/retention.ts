// Webhook messages are kept WEBHOOK_MESSAGES_KEPT_DAYS for Settings and replay: the hourly retention
// job (lib/sync/retention.ts) purges older deliveries that are done (sent or given up; a waiting one is
// never purged) and then events no delivery points at any more, in bounded batches.
import "server-only";
import { pool } from "@/lib/db/client";

export const WEBHOOK_MESSAGES_KEPT_DAYS = 30;
const BATCH = 5_000;

const DELIVERIES = `DELETE FROM webhook_deliveries WHERE id = ANY (ARRAY(
  SELECT id FROM webhook_deliveries WHERE status <> 'pending' AND created_at < $1::timestamptz - make_interval(days => $2::int)
   LIMIT ${BATCH}))`;
const EVENTS = `DELETE FROM webhook_events WHERE id = ANY (ARRAY(
  SELECT e.id FROM webhook_events e WHERE e.created_at < $1::timestamptz - make_interval(days => $2::int)
     AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id) LIMIT ${BATCH}))`;

/** Purges old webhook messages; returns how many deliveries and events went. */
export async function purgeWebhookMessages(now: Date = new Date(), days = WEBHOOK_MESSAGES_KEPT_DAYS) {
  let purged = 0;
  for (const sql of [DELIVERIES, EVENTS]) {
    for (;;) {
      const { rowCount } = await pool().query(sql, [now, days]);
      purged += rowCount ?? 0;
      if ((rowCount ?? 0) < BATCH) break;
    }
  }
  return purged;
}
