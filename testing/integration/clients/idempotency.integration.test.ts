// RELIABILITY.md cases 6–10 (Idempotency-Key) on /api/clients/v1, through the real route handlers
// and the real PostgreSQL.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as list from "@/app/api/clients/v1/route";
import { prisma } from "@/lib/db/client";
import { newClient, type Body, type ErrorBody } from "@/testing/support/clients";
import { bearer, call } from "@/testing/support/http";
import { twoTenants } from "@/testing/support/fixtures";

let t: Awaited<ReturnType<typeof twoTenants>>;
beforeAll(async () => (t = await twoTenants()));

describe("Idempotency-Key", () => {
  it("case 6: 20 parallel POSTs with one key and body create exactly one client; no 5xx", async () => {
    const key = randomUUID();
    const body = newClient();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call<Body>(list.POST, "POST", "/api/clients/v1", {
          headers: { ...bearer(t.a.token, t.a.scopeId), "idempotency-key": key },
          body,
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(statuses).toContain(201);
    const ids = new Set(results.filter((r) => r.status === 201).map((r) => r.json.data.id));
    expect(ids.size).toBe(1);
    for (const r of results.filter((x) => x.status === 409)) expect(r.headers.get("retry-after")).toBe("1");
    expect(await prisma().client.count({ where: { scopeId: t.a.scopeId, displayName: body.displayName } })).toBe(1);
  });

  it("case 7: a sequential retry gets the same status and identical body, and no new row", async () => {
    const key = randomUUID();
    const body = newClient();
    const headers = { ...bearer(t.a.token, t.a.scopeId), "idempotency-key": key };
    const first = await call(list.POST, "POST", "/api/clients/v1", { headers, body });
    const again = await call(list.POST, "POST", "/api/clients/v1", {
      headers,
      body: { countryCode: "BE", displayName: body.displayName, type: "company" },
    });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await prisma().client.count({ where: { displayName: body.displayName } })).toBe(1);
  });

  it("case 8: the same key with a different body is 409 conflict; no side effect; the stored response is unchanged", async () => {
    const key = randomUUID();
    const headers = { ...bearer(t.a.token, t.a.scopeId), "idempotency-key": key };
    const body = newClient();
    const first = await call(list.POST, "POST", "/api/clients/v1", { headers, body });
    const other = newClient();
    const clash = await call<ErrorBody>(list.POST, "POST", "/api/clients/v1", { headers, body: other });
    expect(clash.status).toBe(409);
    expect(clash.json.error.code).toBe("conflict");
    expect(await prisma().client.count({ where: { displayName: other.displayName } })).toBe(0);
    const replay = await call(list.POST, "POST", "/api/clients/v1", { headers, body });
    expect(replay.text).toBe(first.text);
  });

  it("case 9: the same key from another principal or another scope is independent, never a replay", async () => {
    const key = randomUUID();
    const fromA = await call<Body>(list.POST, "POST", "/api/clients/v1", {
      headers: { ...bearer(t.a.token, t.a.scopeId), "idempotency-key": key },
      body: newClient("same"),
    });
    const fromApp = await call<Body>(list.POST, "POST", "/api/clients/v1", {
      headers: { ...bearer(t.app.token, t.a.scopeId), "idempotency-key": key },
      body: newClient("same"),
    });
    const fromB = await call<Body>(list.POST, "POST", "/api/clients/v1", {
      headers: { ...bearer(t.b.token, t.b.scopeId), "idempotency-key": key },
      body: newClient("same"),
    });
    expect([fromA.status, fromApp.status, fromB.status]).toEqual([201, 201, 201]);
    expect(new Set([fromA.json.data.id, fromApp.json.data.id, fromB.json.data.id]).size).toBe(3);
    expect(fromB.headers.get("idempotent-replayed")).toBeNull();
  });

  it("case 10: a first attempt that fails with 500 is not stored; the retry with the same key succeeds", async () => {
    const name = `Fails once ${randomUUID()}`;
    const constraint = `fail_once_${randomUUID().replace(/-/g, "")}`;
    // A CHECK that rejects exactly this name makes the real insert fail inside PostgreSQL.
    await prisma().$executeRawUnsafe(
      `ALTER TABLE clients ADD CONSTRAINT ${constraint} CHECK (display_name <> '${name}') NOT VALID`,
    );
    const headers = { ...bearer(t.a.token, t.a.scopeId), "idempotency-key": randomUUID() };
    const failed = await call<ErrorBody>(list.POST, "POST", "/api/clients/v1", { headers, body: newClient(name) });
    await prisma().$executeRawUnsafe(`ALTER TABLE clients DROP CONSTRAINT ${constraint}`);
    expect(failed.status).toBe(500);
    expect(failed.json.error.code).toBe("server_error");
    expect(failed.text).not.toMatch(/at .*\.ts|stack|constraint/i);
    const retried = await call<Body>(list.POST, "POST", "/api/clients/v1", { headers, body: newClient(name) });
    expect(retried.status).toBe(201);
    expect(await prisma().client.count({ where: { displayName: name } })).toBe(1);
  });
});
