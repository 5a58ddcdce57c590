// RELIABILITY.md cases 1–4 and 12 on /api/clients/v1, through the real route handlers and the real
// PostgreSQL (cases 6–10, Idempotency-Key, in idempotency.integration.test.ts).
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as list from "@/app/api/clients/v1/route";
import * as one from "@/app/api/clients/v1/[id]/route";
import { prisma } from "@/lib/db/client";
import { countClients, newClient, type Body, type ErrorBody } from "@/testing/support/clients";
import { bearer, call } from "@/testing/support/http";
import { twoTenants } from "@/testing/support/fixtures";

let t: Awaited<ReturnType<typeof twoTenants>>;
beforeAll(async () => (t = await twoTenants()));

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
