// Who delivers when: a pg-boss job per endpoint ("webhook-deliver", data {endpointId}; at most one
// waiting per endpoint) drains it (lib/webhooks/deliver.ts) and, when its head must wait for a retry,
// queues itself for that time. A verb that makes a message due queues the job in its own transaction
// (a replay, an endpoint enabled again); the worker's tick queues every endpoint with a message due,
// so a message written by a move (lib/webhooks/outbox.ts), or a job lost with its process, goes out
// within a tick.
import "server-only";
import type { SqlDb } from "@/lib/db/sql";
import { announceJob, boss, createQueue, throughConnection, workSlots } from "@/lib/sync/queue";
import { startOnce } from "@/lib/sync/start-once";
import { pool } from "@/lib/db/client";
import { log } from "@/lib/log";
import { drainEndpoint } from "@/lib/webhooks/deliver";

export const WEBHOOK_QUEUE = "webhook-deliver";

// The queue is made once a process; pg-boss itself is asked each time (a test may stop and start it).
const created = startOnce(async () =>
  createQueue(await boss(), WEBHOOK_QUEUE, { name: WEBHOOK_QUEUE, policy: "short" }),
);
async function queue() {
  await created.get();
  return boss();
}

/** Queues the endpoint's deliverer (in `db`'s transaction when given); one waiting per endpoint. */
export async function queueEndpoint(endpointId: string, startAfter: Date | number = 0, db?: SqlDb): Promise<void> {
  const b = await queue();
  const options = { singletonKey: endpointId, startAfter, retryLimit: 0, expireInSeconds: 900 };
  await b.send(WEBHOOK_QUEUE, { endpointId }, db ? { ...options, db: throughConnection(db) } : options);
  if (startAfter === 0) await announceJob(WEBHOOK_QUEUE, db);
}

/** Queues every enabled endpoint with a message due and no deliverer; returns how many. */
export async function dispatchDue(): Promise<number> {
  const { rows } = await pool().query<{ endpoint_id: string }>(
    `SELECT DISTINCT d.endpoint_id FROM webhook_deliveries d JOIN webhook_endpoints w ON w.id = d.endpoint_id
      WHERE d.status = 'pending' AND d.next_attempt_at <= now() AND w.enabled AND (w.lease_until IS NULL OR w.lease_until < now())`,
  );
  for (const row of rows) await queueEndpoint(row.endpoint_id);
  return rows.length;
}

/** The job: drain, then come back when the head's retry is due. */
export async function runDeliveryJob(endpointId: string, options: { allowedHosts?: string[] } = {}): Promise<void> {
  const result = await drainEndpoint(endpointId, options);
  if (result.nextAt) await queueEndpoint(endpointId, result.nextAt);
  if (result.sent > 0) log.info("webhooks delivered", { endpointId, sent: result.sent });
}

/** Takes delivery jobs in this process (`allowedHosts`: WEBHOOK_ALLOWED_HOSTS unless given), one at a time. */
export async function startWebhookWorker(options: { allowedHosts?: string[] } = {}) {
  const b = await queue();
  return workSlots<{ endpointId: string }>(b, WEBHOOK_QUEUE, {
    slots: 1,
    handle: (job) => runDeliveryJob(job.data.endpointId, options),
  });
}
