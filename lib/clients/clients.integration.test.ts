// RELIABILITY.md cases 1–4 and 6–12 on /api/clients/v1, through the real route handlers and the
// real PostgreSQL.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as list from "@/app/api/clients/v1/route";
import * as one from "@/app/api/clients/v1/[id]/route";
import { prisma } from "@/lib/db/client";
import { bearer, call } from "@/lib/testing/http";
import { twoTenants } from "@/lib/testing/fixtures";

type Tenants = Awaited<ReturnType<typeof twoTenants>>;
let t: Tenants;
type Body = { data: { id: string; displayName: string; countryCode: string }; meta: { requestId: string } };
type ErrorBody = {
  error: { code: string; message: string; details?: Record<string, string[]> };
  meta: { requestId: string };
};

const newClient = (name = `Client ${randomUUID()}`) => ({ type: "company", displayName: name, countryCode: "BE" });
const countClients = (scopeId: string) => prisma().client.count({ where: { scopeId } });

beforeAll(async () => {
  t = await twoTenants();
});

describe("tenant isolation", () => {
  it("case 1: a scope-B record read with scope A is 404, shaped exactly like a nonexistent id", async () => {
    const created = await call<Body>(list.POST, "POST", "/api/clients/v1", {
      headers: bearer(t.b.token, t.b.scopeId),
      body: newClient(),
    });
    expect(created.status).toBe(201);
    const foreign = await call<ErrorBody>(one.GET, "GET", `/api/clients/v1/${created.json.data.id}`, {
      headers: bearer(t.a.token, t.a.scopeId),
      params: { id: created.json.data.id },
    });
    const missingId = randomUUID();
    const missing = await call<ErrorBody>(one.GET, "GET", `/api/clients/v1/${missingId}`, {
      headers: bearer(t.a.token, t.a.scopeId),
      params: { id: missingId },
    });
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(foreign.json.error).toEqual(missing.json.error);
    expect(Object.keys(foreign.json).sort()).toEqual(["error", "meta"]);
  });

  it("case 2: X-Scope naming a scope the caller is not a member of is never 2xx and leaks nothing", async () => {
    await call(list.POST, "POST", "/api/clients/v1", {
      headers: bearer(t.b.token, t.b.scopeId),
      body: newClient("Secret of B"),
    });
    for (const token of [t.a.token, t.app.token, t.viewer.token]) {
      const res = await call(list.GET, "GET", "/api/clients/v1", { headers: bearer(token, t.b.scopeId) });
      expect(res.status).toBe(404);
      expect(res.text).not.toContain("Secret of B");
      expect(res.text).not.toContain(t.b.scopeId);
    }
  });

  it("case 3: missing X-Scope is 400 scope_missing, decided before any database read", async () => {
    const res = await call<ErrorBody>(list.GET, "GET", "/api/clients/v1", { headers: bearer(t.a.token) });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("scope_missing");
    // With an unknown token the answer is still scope_missing: the header is checked before the token lookup.
    const unknownToken = await call<ErrorBody>(list.GET, "GET", "/api/clients/v1", { headers: bearer("ll_pat_nope") });
    expect(unknownToken.json.error.code).toBe("scope_missing");
  });

  it("case 4: a visible scope without the capability is 403 forbidden; nothing is written", async () => {
    const before = await countClients(t.a.scopeId);
    const res = await call<ErrorBody>(list.POST, "POST", "/api/clients/v1", {
      headers: bearer(t.viewer.token, t.a.scopeId),
      body: newClient(),
    });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe("forbidden");
    expect(await countClients(t.a.scopeId)).toBe(before);
  });
});

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

describe("input", () => {
  it("case 12: malformed JSON is 400 bad_request; nothing written", async () => {
    const before = await countClients(t.a.scopeId);
    const res = await call<ErrorBody>(list.POST, "POST", "/api/clients/v1", {
      headers: { ...bearer(t.a.token, t.a.scopeId), "content-type": "application/json" },
      rawBody: '{"type": "company",',
    });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("bad_request");
    expect(await countClients(t.a.scopeId)).toBe(before);
  });

  it("case 12: a 3-letter country code and wrong types are 422 with camelCase details; nothing written", async () => {
    const before = await countClients(t.a.scopeId);
    const res = await call<ErrorBody>(list.POST, "POST", "/api/clients/v1", {
      headers: bearer(t.a.token, t.a.scopeId),
      body: { type: "spaceship", displayName: 42, countryCode: "BEL", extra: true },
    });
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe("validation_failed");
    expect(Object.keys(res.json.error.details ?? {}).sort()).toEqual(["countryCode", "displayName", "extra", "type"]);
    expect(res.json.error.details?.countryCode[0]).toMatch(/exactly 2 characters/);
    expect(await countClients(t.a.scopeId)).toBe(before);
  });

  it("accepts a lower-case country code and stores it upper-cased; rejects unassigned codes", async () => {
    const ok = await call<Body>(list.POST, "POST", "/api/clients/v1", {
      headers: bearer(t.a.token, t.a.scopeId),
      body: { ...newClient(), countryCode: "nl" },
    });
    expect(ok.json.data.countryCode).toBe("NL");
    const bad = await call<ErrorBody>(list.POST, "POST", "/api/clients/v1", {
      headers: bearer(t.a.token, t.a.scopeId),
      body: { ...newClient(), countryCode: "XX" },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.error.details?.countryCode).toBeDefined();
  });
});

describe("listing", () => {
  it("pages by cursor through every client once, newest first, and only the scope's own", async () => {
    const p = t.b;
    for (let i = 0; i < 7; i += 1) {
      await call(list.POST, "POST", "/api/clients/v1", {
        headers: bearer(p.token, p.scopeId),
        body: newClient(`Paged ${i}`),
      });
    }
    const total = await countClients(p.scopeId);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: Awaited<
        ReturnType<typeof call<{ data: { id: string }[]; meta: { page: { nextCursor: string | null } } }>>
      > = await call(list.GET, "GET", "/api/clients/v1", {
        headers: bearer(p.token, p.scopeId),
        query: `perPage=3${cursor ? `&cursor=${cursor}` : ""}`,
      });
      expect(res.status).toBe(200);
      seen.push(...res.json.data.map((c) => c.id));
      cursor = res.json.meta.page.nextCursor;
    } while (cursor);
    expect(seen.length).toBe(total);
    expect(new Set(seen).size).toBe(total);
    const own = await prisma().client.findMany({
      where: { scopeId: p.scopeId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    });
    expect(seen).toEqual(own.map((c) => c.id));
  });

  it("rejects a forged cursor and an out-of-range perPage with 422", async () => {
    const forged = await call<ErrorBody>(list.GET, "GET", "/api/clients/v1", {
      headers: bearer(t.a.token, t.a.scopeId),
      query: "cursor=abc",
    });
    expect(forged.status).toBe(422);
    expect(forged.json.error.details?.cursor).toBeDefined();
    const big = await call<ErrorBody>(list.GET, "GET", "/api/clients/v1", {
      headers: bearer(t.a.token, t.a.scopeId),
      query: "perPage=5000",
    });
    expect(big.status).toBe(422);
    expect(big.json.error.details?.perPage).toBeDefined();
  });
});
