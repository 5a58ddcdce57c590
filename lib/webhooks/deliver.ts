// Delivering an endpoint's messages: in order (its deliveries' seq), one process at a time (a lease
// on the endpoint row), at least once (a message is marked sent only after its receiver answered
// 2xx; a crash in between sends it again, and the receiver drops the duplicate by webhook-id).
// A failed message is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (±20% jitter), about
// a day, and holds back the endpoint's later messages meanwhile; then it is marked failed (a person
// can replay it) and the next one goes. An endpoint whose messages have failed for 3 days is
// disabled, with the reason its admins see in Settings. Each attempt is counted by outcome and the
// receiver's HTTP class, each delivery's lag from its event, each endpoint disabled (lib/metrics/metrics.ts).
import "server-only";
import { Webhook } from "standardwebhooks";
import { pgTransaction, pool } from "@/lib/db/client";
import { accountFeed, cursorOf } from "@/lib/changes/cursor";
import { webhookAttempts, webhookEndpointsDisabled, webhookLag } from "@/lib/metrics/metrics";
import { openSecret } from "@/lib/webhooks/secret";
import { send, type SendResult } from "@/lib/webhooks/send";
import { resolveTarget, webhookAllowedHosts } from "@/lib/webhooks/ssrf";

/** Seconds to wait after the nth failed attempt (n = 1…); after the last one the message failed. */
export const RETRY_SCHEDULE_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000] as const;
const DISABLE_AFTER_DAYS = 3;
const LEASE_SECONDS = 120;

export const retryDelaySeconds = (attempt: number, random: () => number = Math.random) =>
  RETRY_SCHEDULE_SECONDS[attempt - 1] * (0.8 + 0.4 * random());

type Endpoint = {
  id: string;
  url: string;
  secret_ciphertext: string;
  previous_secret_ciphertext: string | null;
  previous_secret_expires_at: Date | null;
};
type Head = {
  id: string;
  attempts: number;
  next_attempt_at: Date;
  event_id: string;
  type: string;
  payload: string;
  created_at: Date;
};

/**
 * The message body: Standard Webhooks' {type, timestamp, data}, the data as the outbox stored it
 * (lib/webhooks/outbox.ts, already in its published shape). An event written before its move wrote
 * it (by the database trigger of earlier versions) holds the feed position instead of the cursor.
 */
export function messageBody(event: Pick<Head, "type" | "payload" | "created_at">): string {
  const data = JSON.parse(event.payload) as Record<string, unknown>;
  if (typeof data.feedFrom === "string") {
    const from = BigInt(data.feedFrom);
    data.cursor = cursorOf(accountFeed(String(data.accountId)), { since: from, after: from });
    delete data.feedFrom;
  }
  return JSON.stringify({ type: event.type, timestamp: event.created_at.toISOString(), data });
}

/** Standard Webhooks headers; during a rotation both secrets sign (space-separated signatures). */
export function signedHeaders(endpoint: Endpoint, messageId: string, body: string, at = new Date()) {
  const secrets = [openSecret(endpoint.secret_ciphertext)];
  if (endpoint.previous_secret_ciphertext && (endpoint.previous_secret_expires_at?.getTime() ?? 0) > at.getTime())
    secrets.push(openSecret(endpoint.previous_secret_ciphertext));
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": secrets.map((s) => new Webhook(s).sign(messageId, at, body)).join(" "),
  };
}

async function takeLease(endpointId: string): Promise<Endpoint | null> {
  const { rows } = await pool().query<Endpoint>(
    `UPDATE webhook_endpoints SET lease_until = now() + make_interval(secs => $2)
      WHERE id = $1 AND enabled AND (lease_until IS NULL OR lease_until < now())
      RETURNING id, url, secret_ciphertext, previous_secret_ciphertext, previous_secret_expires_at`,
    [endpointId, LEASE_SECONDS],
  );
  return rows[0] ?? null;
}

async function head(endpointId: string): Promise<Head | null> {
  const { rows } = await pool().query<Head>(
    `SELECT d.id, d.attempts, d.next_attempt_at, e.id AS event_id, e.type, e.payload::text AS payload, e.created_at
       FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
      WHERE d.endpoint_id = $1 AND d.status = 'pending' ORDER BY d.seq LIMIT 1`,
    [endpointId],
  );
  return rows[0] ?? null;
}

type Recorded = {
  /** When the endpoint's head may be tried again (null: go on to the next). */
  retryAt: Date | null;
  gaveUp: boolean;
  /** The endpoint is disabled (by this attempt, when `disabledNow`). */
  disabled: boolean;
  disabledNow: boolean;
  /** Seconds from the event's creation to this delivery, on the database's clock; null unless delivered. */
  lagSeconds: number | null;
};

/** Records an attempt and what it made of the message and the endpoint. */
async function record(endpointId: string, delivery: Head, result: SendResult): Promise<Recorded> {
  const attempts = delivery.attempts + 1;
  const gaveUp = !result.ok && attempts > RETRY_SCHEDULE_SECONDS.length;
  const retryAt = result.ok || gaveUp ? null : new Date(Date.now() + retryDelaySeconds(attempts) * 1000);
  return pgTransaction(async (client) => {
    const { rows: written } = await client.query<{ delivered_at: Date | null }>(
      `UPDATE webhook_deliveries SET attempts = $2, last_attempt_at = now(), last_status_code = $3, last_error = $4,
              last_latency_ms = $5, status = $6, next_attempt_at = coalesce($7, next_attempt_at),
              delivered_at = CASE WHEN $6 = 'succeeded' THEN now() END
        WHERE id = $1 RETURNING delivered_at`,
      [
        delivery.id,
        attempts,
        result.status,
        result.error,
        result.latencyMs,
        result.ok ? "succeeded" : gaveUp ? "failed" : "pending",
        retryAt,
      ],
    );
    // Disabled by this statement: disabled_at is now(), as the column (milliseconds) stores it.
    const { rows } = await client.query<{ enabled: boolean; disabled_now: boolean | null }>(
      `UPDATE webhook_endpoints SET
              failing_since = CASE WHEN $2 THEN NULL ELSE coalesce(failing_since, now()) END,
              enabled = enabled AND ($2 OR coalesce(failing_since, now()) > now() - make_interval(days => $3)),
              disabled_at = CASE WHEN NOT $2 AND failing_since <= now() - make_interval(days => $3) THEN now() ELSE disabled_at END,
              disabled_reason = CASE WHEN NOT $2 AND failing_since <= now() - make_interval(days => $3)
                THEN 'Its messages failed for ' || $3 || ' days (last: ' || $4 || '). Fix the receiver, then enable it again; the messages wait.'
                ELSE disabled_reason END
        WHERE id = $1 RETURNING enabled, disabled_at = now()::timestamptz(3) AS disabled_now`,
      [endpointId, result.ok, DISABLE_AFTER_DAYS, result.error ?? `HTTP ${result.status}`],
    );
    const deliveredAt = written[0]?.delivered_at;
    return {
      retryAt,
      gaveUp,
      disabled: rows[0]?.enabled === false,
      disabledNow: rows[0]?.disabled_now === true,
      lagSeconds: deliveredAt ? (deliveredAt.getTime() - delivery.created_at.getTime()) / 1000 : null,
    };
  });
}

/** The attempt in the delivery metrics, once recorded. */
function countAttempt(result: SendResult, outcome: Recorded): void {
  const { lagSeconds } = outcome;
  webhookAttempts.inc({
    outcome: lagSeconds !== null ? "delivered" : outcome.gaveUp ? "gave_up" : "retrying",
    status_class: result.status === null ? "none" : `${Math.floor(result.status / 100)}xx`,
  });
  if (lagSeconds !== null) webhookLag.observe(lagSeconds);
  if (outcome.disabledNow) webhookEndpointsDisabled.inc();
}

/**
 * Sends the endpoint's due messages in order until one fails or none is due. Returns when it should
 * run again (the head's next attempt), or null. Another process holding the lease: nothing is done.
 */
export async function drainEndpoint(
  endpointId: string,
  options: { allowedHosts?: string[] } = {},
): Promise<{ leased: boolean; sent: number; nextAt: Date | null }> {
  const endpoint = await takeLease(endpointId);
  if (!endpoint) return { leased: false, sent: 0, nextAt: null };
  let sent = 0;
  let nextAt: Date | null = null;
  try {
    for (;;) {
      const delivery = await head(endpointId);
      if (!delivery) break;
      if (delivery.next_attempt_at.getTime() > Date.now()) {
        nextAt = delivery.next_attempt_at;
        break;
      }
      const body = messageBody(delivery);
      const target = await resolveTarget(endpoint.url, options.allowedHosts ?? webhookAllowedHosts());
      const result: SendResult =
        "refused" in target
          ? { ok: false, status: null, latencyMs: 0, error: target.refused }
          : await send(target, body, signedHeaders(endpoint, `msg_${delivery.event_id}`, body));
      const outcome = await record(endpointId, delivery, result);
      countAttempt(result, outcome);
      await pool().query("UPDATE webhook_endpoints SET lease_until = now() + make_interval(secs => $2) WHERE id = $1", [
        endpointId,
        LEASE_SECONDS,
      ]);
      if (result.ok) sent += 1;
      if (outcome.disabled) break;
      if (outcome.retryAt) {
        nextAt = outcome.retryAt;
        break;
      }
    }
  } finally {
    await pool().query("UPDATE webhook_endpoints SET lease_until = NULL WHERE id = $1", [endpointId]);
  }
  return { leased: true, sent, nextAt };
}
