// Sign-up, the token endpoint (password and refresh grants, rotation, reuse detection) and session
// cookies (personal tokens, API keys and members: tokens-and-members.integration.test.ts).
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import * as revoke from "@/app/api/auth/v1/revoke/route";
import * as signUpRoute from "@/app/api/auth/v1/sign-up/route";
import * as tokenRoute from "@/app/api/auth/v1/token/route";
import * as clients from "@/app/api/clients/v1/route";
import * as scopes from "@/app/api/scopes/v1/route";
import { hashToken } from "@/lib/auth/tokens";
import { prisma } from "@/lib/db/client";
import { bearer, call } from "@/testing/support/http";
import { TEST_PASSWORD, makePerson, sessionCookie } from "@/testing/support/fixtures";

type Pair = { data: { accessToken: string; refreshToken: string; expiresIn: number; tokenType: string } };
type ErrorBody = { error: { code: string; message: string; details?: Record<string, string[]> } };
type ScopeList = { data: { scopeId: string; name: string; role: string }[] };

async function passwordGrant(email: string, password = TEST_PASSWORD) {
  return call<Pair>(tokenRoute.POST, "POST", "/api/auth/v1/token", {
    body: { grantType: "password", email, password },
  });
}

describe("sign-up", () => {
  it("creates the person and their own scope with them as admin; a second sign-up with the email is 409", async () => {
    const email = `New.Person+${randomUUID()}@Example.test`;
    const res = await call<{
      data: { user: { email: string }; scope: { scopeId: string; role: string; name: string } };
    }>(signUpRoute.POST, "POST", "/api/auth/v1/sign-up", { body: { email, password: "long enough pw", name: "Nora" } });
    expect(res.status).toBe(201);
    expect(res.json.data.user.email).toBe(email.toLowerCase());
    expect(res.json.data.scope).toMatchObject({ role: "admin", name: "Nora's workspace" });
    const again = await call<ErrorBody>(signUpRoute.POST, "POST", "/api/auth/v1/sign-up", {
      body: { email, password: "long enough pw", name: "Nora" },
    });
    expect(again.status).toBe(409);
    const stored = await prisma().user.findUnique({ where: { email: email.toLowerCase() } });
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("rejects a short password and a bad email with field details", async () => {
    const res = await call<ErrorBody>(signUpRoute.POST, "POST", "/api/auth/v1/sign-up", {
      body: { email: "nope", password: "short", name: "" },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.error.details ?? {}).sort()).toEqual(["email", "name", "password"]);
  });
});

describe("token endpoint", () => {
  it("password grant issues a 15-minute access token that works as the person", async () => {
    const p = await makePerson();
    const res = await passwordGrant(p.email);
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ tokenType: "Bearer", expiresIn: 900 });
    const list = await call<ScopeList>(scopes.GET, "GET", "/api/scopes/v1", {
      headers: bearer(res.json.data.accessToken),
    });
    expect(list.json.data.map((s) => s.scopeId)).toEqual([p.scopeId]);
    const stored = await prisma().apiToken.findUnique({ where: { tokenHash: hashToken(res.json.data.accessToken) } });
    const ttl = (stored!.expiresAt!.getTime() - stored!.createdAt.getTime()) / 1000;
    expect(Math.round(ttl)).toBe(900);
  });

  it("a wrong password is 401 and says nothing about whether the email exists", async () => {
    const p = await makePerson();
    const wrong = await passwordGrant(p.email, "wrong password!");
    const unknown = await passwordGrant(`nobody-${randomUUID()}@example.test`, "wrong password!");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect((wrong.json as unknown as ErrorBody).error).toEqual((unknown.json as unknown as ErrorBody).error);
  });

  it("refresh rotates; presenting a rotated refresh token revokes the whole sign-in", async () => {
    const p = await makePerson();
    const first = (await passwordGrant(p.email)).json.data;
    const second = await call<Pair>(tokenRoute.POST, "POST", "/api/auth/v1/token", {
      body: { grantType: "refresh_token", refreshToken: first.refreshToken },
    });
    expect(second.status).toBe(200);
    expect(second.json.data.refreshToken).not.toBe(first.refreshToken);
    // The access token of the new pair works.
    expect(
      (await call(scopes.GET, "GET", "/api/scopes/v1", { headers: bearer(second.json.data.accessToken) })).status,
    ).toBe(200);

    const replayed = await call<ErrorBody>(tokenRoute.POST, "POST", "/api/auth/v1/token", {
      body: { grantType: "refresh_token", refreshToken: first.refreshToken },
    });
    expect(replayed.status).toBe(401);
    expect(replayed.json.error.message).toMatch(/already used/);
    // Every token of that sign-in is now revoked, including the newest pair.
    expect(
      (await call(scopes.GET, "GET", "/api/scopes/v1", { headers: bearer(second.json.data.accessToken) })).status,
    ).toBe(401);
    const third = await call(tokenRoute.POST, "POST", "/api/auth/v1/token", {
      body: { grantType: "refresh_token", refreshToken: second.json.data.refreshToken },
    });
    expect(third.status).toBe(401);
  });

  it("a refresh token is never accepted as a bearer token; revoke ends the sign-in", async () => {
    const p = await makePerson();
    const pair = (await passwordGrant(p.email)).json.data;
    expect((await call(scopes.GET, "GET", "/api/scopes/v1", { headers: bearer(pair.refreshToken) })).status).toBe(401);
    const res = await call(revoke.POST, "POST", "/api/auth/v1/revoke", { body: { token: pair.refreshToken } });
    expect(res.status).toBe(200);
    expect((await call(scopes.GET, "GET", "/api/scopes/v1", { headers: bearer(pair.accessToken) })).status).toBe(401);
  });

  it("an unknown grantType is 422", async () => {
    const res = await call<ErrorBody>(tokenRoute.POST, "POST", "/api/auth/v1/token", {
      body: { grantType: "client_credentials" },
    });
    expect(res.status).toBe(422);
    expect(res.json.error.details?.grantType).toBeDefined();
  });
});

describe("browser session", () => {
  it("the Auth.js session cookie authenticates the person", async () => {
    const p = await makePerson();
    const res = await call<ScopeList>(scopes.GET, "GET", "/api/scopes/v1", {
      headers: { cookie: await sessionCookie(p.userId) },
    });
    expect(res.status).toBe(200);
    expect(res.json.data[0].scopeId).toBe(p.scopeId);
  });

  it("a cross-site write with the session cookie is refused; same-origin is accepted", async () => {
    const p = await makePerson();
    const cookie = await sessionCookie(p.userId);
    const body = { type: "company", displayName: `Cross ${randomUUID()}`, countryCode: "BE" };
    const evil = await call<ErrorBody>(clients.POST, "POST", "/api/clients/v1", {
      headers: { cookie, "x-scope": p.scopeId, origin: "https://evil.example", host: "localhost" },
      body,
    });
    expect(evil.status).toBe(403);
    const same = await call(clients.POST, "POST", "/api/clients/v1", {
      headers: { cookie, "x-scope": p.scopeId, origin: "http://localhost", host: "localhost" },
      body,
    });
    expect(same.status).toBe(201);
    expect(await prisma().client.count({ where: { displayName: body.displayName } })).toBe(1);
  });

  it("a tampered cookie is not a session", async () => {
    const p = await makePerson();
    // Flip the first character of the JWE's ciphertext: a segment's first base64url character
    // carries six bits of real data (the last one may carry only padding bits).
    const [name, value] = (await sessionCookie(p.userId)).split(/=(.*)/s);
    const parts = value.split(".");
    expect(parts).toHaveLength(5);
    parts[3] = (parts[3][0] === "A" ? "B" : "A") + parts[3].slice(1);
    const cookie = `${name}=${parts.join(".")}`;
    expect((await call(scopes.GET, "GET", "/api/scopes/v1", { headers: { cookie } })).status).toBe(401);
  });
});
