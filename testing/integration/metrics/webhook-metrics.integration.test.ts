// Webhook deliveries in GET /api/metrics: attempts by outcome and the receiver's HTTP class, the lag
// from an event to its delivery, and endpoints disabled. The deliverer runs here (as the worker runs
// it), so its counters are this process's, served as the "server" in the scrape.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET } from "@/app/api/metrics/route";
import { pool } from "@/lib/db/client";
import { drainEndpoint, RETRY_SCHEDULE_SECONDS } from "@/lib/webhooks/deliver";
import { makePerson } from "@/testing/support/fixtures";
import { call } from "@/testing/support/http";
import { parseMetrics, total, type Sample } from "@/testing/support/prometheus";
import { endpointAt, RECEIVER_HOSTS, webhookReceiver } from "@/testing/support/webhook-receiver";

// Read by lib/env.ts when it loads, so set before any import runs.
const { TOKEN } = vi.hoisted(() => {
  process.env.METRICS_TOKEN = "webhook-metrics-test-token-0123";
  return { TOKEN: process.env.METRICS_TOKEN };
});

let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
beforeAll(async () => {
  receiver = await webhookReceiver();
});
afterAll(() => receiver.close());

async function scrape(): Promise<Sample[]> {
  const res = await call(GET, "GET", "/api/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status, res.text).toBe(200);
  return parseMetrics(res.text);
}

/** One message for the endpoint, its event created `ageSeconds` ago; returns the delivery's id. */
async function oneMessage(scopeId: string, endpointId: string, ageSeconds = 0): Promise<string> {
  const { rows } = await pool().query<{ id: string }>(
    `INSERT INTO webhook_events (scope_id, type, payload, created_at)
     VALUES ($1, 'account.tracked', '{}', now() - make_interval(secs => $2)) RETURNING id`,
    [scopeId, ageSeconds],
  );
  const { rows: delivery } = await pool().query<{ id: string }>(
    "INSERT INTO webhook_deliveries (endpoint_id, event_id) VALUES ($1, $2) RETURNING id",
    [endpointId, rows[0].id],
  );
  return delivery[0].id;
}

const drain = (endpointId: string) => drainEndpoint(endpointId, { allowedHosts: RECEIVER_HOSTS });

/**
 * Worker processes that beat on this database in the last 10 s. The counters below are this process's:
 * a worker left running by an earlier file would take the test's deliveries (its tick dispatches what
 * is due) and its attempts would be counted there. A dry run saw the last two attempts missing here
 * while the endpoint did end disabled; this names such a worker if it happens again.
 */
async function liveWorkers(): Promise<string[]> {
  const { rows } = await pool().query<{ worker_id: string }>(
    "SELECT worker_id FROM worker_heartbeats WHERE seen_at > now() - interval '10 seconds'",
  );
  return rows.map((r) => r.worker_id);
}

describe("webhook delivery metrics", () => {
  it("count attempts by outcome and class, the lag to delivery, and an endpoint disabled", async () => {
    const admin = await makePerson("webhook-metrics");
    const endpoint = await endpointAt(receiver.url, admin, ["account.tracked"]);
    const workersBefore = await liveWorkers();
    const before = await scrape();

    // A 503, then (its retry made due) a 204: one retrying attempt, one delivery 40 s after its event.
    const first = await oneMessage(admin.scopeId, endpoint.id, 40);
    receiver.answer({ status: 503 });
    expect(await drain(endpoint.id)).toMatchObject({ leased: true, sent: 0 });
    await pool().query("UPDATE webhook_deliveries SET next_attempt_at = now() WHERE id = $1", [first]);
    expect(await drain(endpoint.id)).toMatchObject({ leased: true, sent: 1 });

    // A message on its last attempt answered 404: given up.
    const last = await oneMessage(admin.scopeId, endpoint.id);
    await pool().query("UPDATE webhook_deliveries SET attempts = $2 WHERE id = $1", [
      last,
      RETRY_SCHEDULE_SECONDS.length,
    ]);
    receiver.answer({ status: 404 });
    expect(
      await drain(endpoint.id),
      `another deliverer held the lease; live workers: ${String(await liveWorkers())}`,
    ).toMatchObject({
      leased: true,
      sent: 0,
    });

    // An endpoint failing for more than 3 days fails once more: disabled.
    await pool().query("UPDATE webhook_endpoints SET failing_since = now() - interval '4 days' WHERE id = $1", [
      endpoint.id,
    ]);
    await oneMessage(admin.scopeId, endpoint.id);
    receiver.answer({ status: 500 });
    await drain(endpoint.id);
    const { rows } = await pool().query<{ enabled: boolean }>("SELECT enabled FROM webhook_endpoints WHERE id = $1", [
      endpoint.id,
    ]);
    expect(rows[0].enabled).toBe(false);

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      total(after, name, labels) - total(before, name, labels);
    const attempts = "ledgerlink_webhook_delivery_attempts_total";
    expect(
      {
        retrying5xx: moved(attempts, { outcome: "retrying", status_class: "5xx" }),
        delivered2xx: moved(attempts, { outcome: "delivered", status_class: "2xx" }),
        gaveUp4xx: moved(attempts, { outcome: "gave_up", status_class: "4xx" }),
        all: moved(attempts),
        disabled: moved("ledgerlink_webhook_endpoints_disabled_total"),
        delivered: moved("ledgerlink_webhook_delivery_lag_seconds_count"),
      },
      `live workers before: ${String(workersBefore)}, after: ${String(await liveWorkers())}`,
    ).toEqual({
      retrying5xx: 2,
      delivered2xx: 1,
      gaveUp4xx: 1,
      all: 4,
      disabled: 1,
      delivered: 1,
    });
    // The lag runs from the event's creation, on the database's clock: at least the 40 s it was old.
    const lag = moved("ledgerlink_webhook_delivery_lag_seconds_sum");
    expect(lag).toBeGreaterThanOrEqual(40);
    expect(lag).toBeLessThan(100);
    expect(moved("ledgerlink_webhook_delivery_lag_seconds_bucket", { le: "30" })).toBe(0);
    expect(moved("ledgerlink_webhook_delivery_lag_seconds_bucket", { le: "60" })).toBe(1);
  });
});
