// A machine caller over real HTTP: sign-up, password grant, scopes, clients with Idempotency-Key,
// envelope answers for unknown paths and methods, rate-limit headers.
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { dataOf, errorOf } from "./support/envelope";

test("a new person gets tokens, picks a scope and creates a client exactly once", async ({ request }) => {
  const email = `api-${randomUUID()}@example.test`;
  const password = "a long enough password";
  const signUp = await request.post("/api/auth/v1/sign-up", { data: { email, password, name: "Api Person" } });
  expect(signUp.status()).toBe(201);

  const token = await request.post("/api/auth/v1/token", { data: { grantType: "password", email, password } });
  expect(token.status()).toBe(200);
  const { accessToken } = await dataOf<{ accessToken: string }>(token);
  const auth = { authorization: `Bearer ${accessToken}` };

  const scopes = await request.get("/api/scopes/v1", { headers: auth });
  expect(scopes.status()).toBe(200);
  expect(scopes.headers()["ratelimit-policy"]).toMatch(/^"default";q=\d+;w=\d+$/);
  const [scope] = await dataOf<{ scopeId: string; name: string; role: string }[]>(scopes);
  expect(scope).toMatchObject({ name: "Api Person's workspace", role: "admin" });

  const headers = { ...auth, "x-scope": scope.scopeId, "idempotency-key": randomUUID() };
  const body = { type: "company", displayName: "Idempotent NV", countryCode: "be" };
  const first = await request.post("/api/clients/v1", { headers, data: body });
  const second = await request.post("/api/clients/v1", { headers, data: body });
  expect(first.status()).toBe(201);
  expect(await second.text()).toBe(await first.text());
  const list = await request.get("/api/clients/v1", { headers: { ...auth, "x-scope": scope.scopeId } });
  const names = (await dataOf<{ displayName: string; countryCode: string }[]>(list)).map((c) => c.displayName);
  expect(names).toEqual(["Idempotent NV"]);
});

test("unknown paths and methods answer in the envelope with a request id", async ({ request }) => {
  const missing = await request.get("/api/does-not-exist");
  expect(missing.status()).toBe(404);
  const body = await errorOf(missing);
  expect(body.error.code).toBe("not_found");
  expect(body.meta.requestId).toBe(missing.headers()["x-request-id"]);

  const wrongMethod = await request.delete("/api/scopes/v1");
  expect(wrongMethod.status()).toBe(405);
  expect((await errorOf(wrongMethod)).error.code).toBe("method_not_allowed");
  expect(wrongMethod.headers()["allow"]).toBe("GET, POST");
});

test("every API answer carries Server-Timing; pages do not", async ({ request }) => {
  // lib/server/http-server.ts times API answers, whoever serves them (kernel routes, bare routes,
  // Next's own redirects); there is one lane, Next's.
  for (const path of ["/api/scopes/v1", "/api/accounttracking/v1/accounts/not-a-uuid/transactions", "/api/health"]) {
    const res = await request.get(path);
    expect(res.status(), path).toBeLessThan(500);
    expect(res.headers()["server-timing"], path).toMatch(/^app;dur=\d+\.\d\d$/);
  }
  const page = await request.get("/signin");
  expect(page.headers()["server-timing"]).toBeUndefined();
});

test("a spoofed peer header does not change who the server thinks the client is", async ({ request }) => {
  // The server overwrites x-ll-peer with the socket address; a client cannot pick its rate-limit bucket.
  const res = await request.get("/api/scopes/v1", { headers: { "x-ll-peer": "203.0.113.9" } });
  expect(res.status()).toBe(401);
  expect((await errorOf(res)).error.code).toBe("unauthenticated");
});
