// Webhooks never reach our own network: endpoints on private, loopback or link-local addresses, or
// on names resolving to them, are refused when created (422 naming url) and again when a message is
// sent (a name may resolve elsewhere later); a redirect is never followed, not even to an allowed host.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as endpointsRoute from "@/app/api/webhooks/v1/endpoints/route";
import { pool, prisma } from "@/lib/db/client";
import { drainEndpoint } from "@/lib/webhooks/deliver";
import { makeAppToken, makePerson } from "@/testing/support/fixtures";
import { bearer, call } from "@/testing/support/http";
import { endpointAt, webhookReceiver } from "@/testing/support/webhook-receiver";

let first: Awaited<ReturnType<typeof webhookReceiver>>;
let second: Awaited<ReturnType<typeof webhookReceiver>>;
beforeAll(async () => {
  [first, second] = await Promise.all([webhookReceiver(), webhookReceiver()]);
});
afterAll(async () => {
  await first.close();
  await second.close();
});

/** One message waiting for the endpoint (as a trigger would write it). */
async function oneMessage(scopeId: string, endpointId: string) {
  const { rows } = await pool().query<{ id: string }>(
    "INSERT INTO webhook_events (scope_id, type, payload) VALUES ($1, 'account.tracked', '{}') RETURNING id",
    [scopeId],
  );
  await pool().query("INSERT INTO webhook_deliveries (endpoint_id, event_id) VALUES ($1, $2)", [
    endpointId,
    rows[0].id,
  ]);
}

const lastError = async (endpointId: string) =>
  (
    await pool().query<{ e: string }>("SELECT last_error AS e FROM webhook_deliveries WHERE endpoint_id = $1", [
      endpointId,
    ])
  ).rows[0].e;

describe("webhook SSRF guard", () => {
  it("refuses endpoints on 127.0.0.1, 10.0.0.1, 169.254.169.254, ::1 and a name resolving to loopback", async () => {
    const admin = await makePerson("webhook-admin");
    const headers = bearer(admin.token, admin.scopeId);
    for (const url of [
      "http://127.0.0.1:8080/hook",
      "http://10.0.0.1/hook",
      "http://169.254.169.254/latest/meta-data/",
      "http://[::1]/hook",
      "http://localhost:3000/hook",
    ]) {
      const res = await call<{ error: { code: string; details: Record<string, string[]> } }>(
        endpointsRoute.POST,
        "POST",
        "x",
        {
          headers,
          body: { url, events: ["transactions.changed"] },
        },
      );
      expect([url, res.status, res.json.error.code]).toEqual([url, 422, "validation_failed"]);
      expect(res.json.error.details.url[0]).toContain("private, loopback or link-local");
    }
    expect(await prisma().webhookEndpoint.count({ where: { scopeId: admin.scopeId } })).toBe(0);
    // Endpoints are the scope admins': an App token is refused before its body is read.
    const app = await makeAppToken(admin.scopeId, "member");
    const byApp = await call(endpointsRoute.POST, "POST", "x", {
      headers: bearer(app.token, admin.scopeId),
      body: { url: "https://example.com/hook", events: ["transactions.changed"] },
    });
    expect(byApp.status).toBe(403);
  });

  it("checks again when sending: a name that now resolves to loopback is refused, nothing is sent", async () => {
    const admin = await makePerson("webhook-dns");
    const endpoint = await endpointAt(first.url, admin, ["account.tracked"]);
    // As if the name was public when created and resolves to loopback now.
    await pool().query("UPDATE webhook_endpoints SET url = $2 WHERE id = $1", [
      endpoint.id,
      first.url.replace("127.0.0.1", "localhost"),
    ]);
    await oneMessage(admin.scopeId, endpoint.id);
    const before = first.received.length;
    expect(await drainEndpoint(endpoint.id, { allowedHosts: [] })).toMatchObject({ sent: 0 });
    expect(first.received.length).toBe(before);
    expect(await lastError(endpoint.id)).toContain("private, loopback or link-local");
  });

  it("never follows a redirect, not even to a host it may reach", async () => {
    const admin = await makePerson("webhook-redirect");
    const endpoint = await endpointAt(first.url, admin, ["account.tracked"]);
    await oneMessage(admin.scopeId, endpoint.id);
    first.answer({ status: 307, headers: { location: second.url } });
    const reached = second.received.length;
    const result = await drainEndpoint(endpoint.id, { allowedHosts: ["127.0.0.1"] });
    expect(result).toMatchObject({ sent: 0 });
    expect(result.nextAt).not.toBeNull();
    expect(second.received.length).toBe(reached);
    expect(await lastError(endpoint.id)).toBe("Redirects are not followed.");
  });
});
