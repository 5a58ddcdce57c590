// The error table, row by row, through real routes; plus the envelope, request ids and 405/404.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as unknownPath from "@/app/api/[...path]/route";
import * as apiKeys from "@/app/api/auth/v1/api-keys/route";
import * as apiKey from "@/app/api/auth/v1/api-keys/[id]/route";
import * as personalToken from "@/app/api/auth/v1/personal-tokens/[id]/route";
import * as personalTokens from "@/app/api/auth/v1/personal-tokens/route";
import * as clients from "@/app/api/clients/v1/route";
import * as scopes from "@/app/api/scopes/v1/route";
import { ERROR_STATUS } from "@/lib/errors";
import { route } from "@/lib/api/route";
import { TEST_ROUTE } from "@/testing/support/test-route";
import { prisma } from "@/lib/db/client";
import { bearer, call } from "@/testing/support/http";
import { makeAppToken, makePerson, twoTenants } from "@/testing/support/fixtures";

type ErrorBody = {
  error: { code: string; message: string; details?: Record<string, string[]> };
  meta: { requestId: string };
};

function expectEnvelope(res: { status: number; headers: Headers; json: unknown }, code: string) {
  const body = res.json as ErrorBody;
  expect(res.status).toBe(ERROR_STATUS[code as keyof typeof ERROR_STATUS]);
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe("string");
  expect(body.meta.requestId).toBe(res.headers.get("x-request-id"));
}

describe("error table", () => {
  it("400 bad_request: malformed JSON", async () => {
    const p = await makePerson();
    const res = await call(clients.POST, "POST", "/api/clients/v1", {
      headers: { ...bearer(p.token, p.scopeId), "content-type": "application/json" },
      rawBody: "{nope",
    });
    expectEnvelope(res, "bad_request");
  });

  it("400 scope_missing: no X-Scope on a scoped route", async () => {
    const p = await makePerson();
    expectEnvelope(await call(clients.GET, "GET", "/api/clients/v1", { headers: bearer(p.token) }), "scope_missing");
  });

  it("401 unauthenticated: no token, unknown token, malformed header, revoked and expired tokens", async () => {
    const p = await makePerson();
    expectEnvelope(await call(scopes.GET, "GET", "/api/scopes/v1"), "unauthenticated");
    expectEnvelope(
      await call(scopes.GET, "GET", "/api/scopes/v1", { headers: bearer("ll_pat_unknown") }),
      "unauthenticated",
    );
    expectEnvelope(
      await call(scopes.GET, "GET", "/api/scopes/v1", { headers: { authorization: "Basic abc" } }),
      "unauthenticated",
    );

    const revoke = await call(personalToken.DELETE, "DELETE", `/api/auth/v1/personal-tokens/${p.tokenId}`, {
      headers: bearer(p.token),
      params: { id: p.tokenId },
    });
    expect(revoke.status).toBe(200);
    expectEnvelope(await call(scopes.GET, "GET", "/api/scopes/v1", { headers: bearer(p.token) }), "unauthenticated");

    const q = await makePerson();
    await prisma().apiToken.update({ where: { id: q.tokenId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await call<ErrorBody>(scopes.GET, "GET", "/api/scopes/v1", { headers: bearer(q.token) });
    expectEnvelope(expired, "unauthenticated");
    expect(expired.json.error.message).toMatch(/expired/);
    expect(expired.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  it("403 forbidden: a viewer creating an API key", async () => {
    const { a, viewer } = await twoTenants();
    const res = await call(apiKeys.POST, "POST", "/api/auth/v1/api-keys", {
      headers: bearer(viewer.token, a.scopeId),
      body: { name: "x" },
    });
    expectEnvelope(res, "forbidden");
    expect(await prisma().apiToken.count({ where: { scopeId: a.scopeId, name: "x" } })).toBe(0);
  });

  it("403 user_context_required: App tokens on person-only operations; nothing created", async () => {
    const p = await makePerson();
    for (const kind of ["api_key", "connector_app", "delegated_agent"] as const) {
      const app = await makeAppToken(p.scopeId, "member", kind);
      expectEnvelope(
        await call(scopes.POST, "POST", "/api/scopes/v1", { headers: bearer(app.token), body: { name: "By an app" } }),
        "user_context_required",
      );
      expectEnvelope(
        await call(personalTokens.POST, "POST", "/api/auth/v1/personal-tokens", {
          headers: bearer(app.token),
          body: { name: "n" },
        }),
        "user_context_required",
      );
    }
    expect(await prisma().scope.count({ where: { name: "By an app" } })).toBe(0);
  });

  it("404 not_found: unknown API path (any method) and malformed ids", async () => {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"] as const) {
      const res = await call<ErrorBody>(unknownPath[method], method, "/api/nothing/here");
      expectEnvelope(res, "not_found");
    }
    const { a, viewer } = await twoTenants();
    const res = await call(apiKey.DELETE, "DELETE", "/api/auth/v1/api-keys/not-a-uuid", {
      headers: bearer(viewer.token, a.scopeId),
      params: { id: "not-a-uuid" },
    });
    expectEnvelope(res, "not_found");
  });

  it("404 before 403: a foreign record is 404 even for a role that lacks the capability", async () => {
    const { a, b, viewer } = await twoTenants();
    const foreignKey = await makeAppToken(b.scopeId);
    const ownKey = await makeAppToken(a.scopeId);
    const foreign = await call(apiKey.DELETE, "DELETE", `/api/auth/v1/api-keys/${foreignKey.tokenId}`, {
      headers: bearer(viewer.token, a.scopeId),
      params: { id: foreignKey.tokenId },
    });
    expectEnvelope(foreign, "not_found");
    const own = await call(apiKey.DELETE, "DELETE", `/api/auth/v1/api-keys/${ownKey.tokenId}`, {
      headers: bearer(viewer.token, a.scopeId),
      params: { id: ownKey.tokenId },
    });
    expectEnvelope(own, "forbidden");
    expect((await prisma().apiToken.findUnique({ where: { id: ownKey.tokenId } }))?.revokedAt).toBeNull();
  });

  it("405: a method the route does not support answers in the envelope with Allow", async () => {
    const res = await call(clients.PUT, "PUT", "/api/clients/v1");
    expectEnvelope(res, "method_not_allowed");
    expect(res.headers.get("allow")).toBe("GET, POST");
  });

  it("409 conflict: sign-up is covered in identity tests; Idempotency-Key reuse here", async () => {
    const p = await makePerson();
    const headers = { ...bearer(p.token, p.scopeId), "idempotency-key": "key-409-test" };
    await call(clients.POST, "POST", "/api/clients/v1", {
      headers,
      body: { type: "company", displayName: "A", countryCode: "BE" },
    });
    expectEnvelope(
      await call(clients.POST, "POST", "/api/clients/v1", {
        headers,
        body: { type: "company", displayName: "B", countryCode: "BE" },
      }),
      "conflict",
    );
  });

  it("422 validation_failed: details keyed by camelCase field names", async () => {
    const p = await makePerson();
    const res = await call<ErrorBody>(clients.POST, "POST", "/api/clients/v1", {
      headers: bearer(p.token, p.scopeId),
      body: { countryCode: "BEL" },
    });
    expectEnvelope(res, "validation_failed");
    expect(res.json.error.details).toMatchObject({
      countryCode: expect.any(Array) as unknown,
      displayName: expect.any(Array) as unknown,
      type: expect.any(Array) as unknown,
    });
  });

  it("500 server_error: an unexpected failure answers in the envelope with no stack trace", async () => {
    const boom = route(...TEST_ROUTE, {
      responses: { 200: z.null() },
      auth: "public",
      scoped: false,
      handler: () => Promise.reject<never>(new Error("secret internal detail at /work/main/lib/x.ts:1")),
    });
    const res = await call(boom, "GET", "/api/boom");
    expectEnvelope(res, "server_error");
    expect(res.text).not.toContain("secret internal detail");
    expect(res.text).not.toContain(".ts");
  });

  it("500 server_error in development and tests when an answer breaks the route's declared schema", async () => {
    const drifted = route(...TEST_ROUTE, {
      auth: "public",
      scoped: false,
      responses: { 200: z.object({ iban: z.string() }) },
      // What a serializer that renamed its field would send (the compiler refuses it written plainly).
      handler: () => Promise.resolve({ data: JSON.parse('{"ibanNumber":"BE71"}') as { iban: string } }),
    });
    const res = await call(drifted, "GET", "/api/drifted");
    expectEnvelope(res, "server_error");
  });

  it("a bad Idempotency-Key is 400 and a bad query is 422", async () => {
    const p = await makePerson();
    const res = await call(clients.POST, "POST", "/api/clients/v1", {
      headers: { ...bearer(p.token, p.scopeId), "idempotency-key": "has spaces in it" },
      body: { type: "company", displayName: "A", countryCode: "BE" },
    });
    expectEnvelope(res, "bad_request");
    const q = route(...TEST_ROUTE, {
      responses: { 200: z.object({ n: z.number() }) },
      auth: "public",
      scoped: false,
      query: z.object({ n: z.coerce.number().int() }),
      handler: ({ query }) => Promise.resolve({ data: query }),
    });
    expectEnvelope(await call(q, "GET", "/api/q", { query: "n=abc" }), "validation_failed");
  });
});

describe("request ids", () => {
  it("every response carries X-Request-Id equal to meta.requestId, and a caller's well-formed id is kept", async () => {
    const p = await makePerson();
    const res = await call<{ meta: { requestId: string } }>(scopes.GET, "GET", "/api/scopes/v1", {
      headers: { ...bearer(p.token), "x-request-id": "trace-1234567" },
    });
    expect(res.status).toBe(200);
    expect(res.json.meta.requestId).toBe("trace-1234567");
    expect(res.headers.get("x-request-id")).toBe("trace-1234567");
    const odd = await call<{ meta: { requestId: string } }>(scopes.GET, "GET", "/api/scopes/v1", {
      headers: { ...bearer(p.token), "x-request-id": "bad id <script>" },
    });
    expect(odd.json.meta.requestId).toMatch(/^req_[0-9a-f]{32}$/);
  });
});
