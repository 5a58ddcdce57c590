// Personal tokens, API keys and members, through the real route handlers and PostgreSQL.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import * as apiKeys from "@/app/api/auth/v1/api-keys/route";
import * as personalTokens from "@/app/api/auth/v1/personal-tokens/route";
import * as clients from "@/app/api/clients/v1/route";
import * as scopes from "@/app/api/scopes/v1/route";
import * as members from "@/app/api/scopes/v1/members/route";
import * as member from "@/app/api/scopes/v1/members/[userId]/route";
import { hashToken } from "@/lib/auth/tokens";
import { prisma } from "@/lib/db/client";
import { bearer, call } from "@/testing/support/http";
import { makePerson, twoTenants } from "@/testing/support/fixtures";

type ErrorBody = { error: { code: string; message: string; details?: Record<string, string[]> } };
type ScopeList = { data: { scopeId: string; name: string; role: string }[] };

describe("personal tokens and API keys", () => {
  it("the secret is returned once, stored only as a hash, and listed without it", async () => {
    const p = await makePerson();
    const created = await call<{ data: { id: string; token: string; prefix: string; expiresAt: string } }>(
      personalTokens.POST,
      "POST",
      "/api/auth/v1/personal-tokens",
      { headers: bearer(p.token), body: { name: "CLI", expiresInDays: 7 } },
    );
    expect(created.status).toBe(201);
    expect(created.json.data.token).toMatch(/^ll_pat_[A-Za-z0-9_-]{43}$/);
    const row = await prisma().apiToken.findUnique({ where: { id: created.json.data.id } });
    expect(row?.tokenHash).toBe(hashToken(created.json.data.token));
    expect(JSON.stringify(row)).not.toContain(created.json.data.token);
    const listed = await call(personalTokens.GET, "GET", "/api/auth/v1/personal-tokens", { headers: bearer(p.token) });
    expect(listed.text).not.toContain(created.json.data.token);
    expect(listed.text).toContain(created.json.data.prefix);
  });

  it("an admin issues an App token bound to the scope with a role; it can read but not act as a person", async () => {
    const { a, b } = await twoTenants();
    const created = await call<{
      data: { token: string; role: string; kind: string; expiresAt: string | null; createdAt: string };
    }>(apiKeys.POST, "POST", "/api/auth/v1/api-keys", {
      headers: bearer(a.token, a.scopeId),
      body: { name: "Connector", kind: "connector_app", role: "viewer" },
    });
    expect(created.status).toBe(201);
    expect(created.json.data).toMatchObject({ role: "viewer", kind: "connector_app" });
    // Without expiresInDays a key expires after 90 days (never only when asked for with null).
    const lifetime = Date.parse(created.json.data.expiresAt ?? "") - Date.parse(created.json.data.createdAt);
    expect(Math.round(lifetime / 86_400_000)).toBe(90);
    const key = created.json.data.token;
    const list = await call<ScopeList>(scopes.GET, "GET", "/api/scopes/v1", { headers: bearer(key) });
    expect(list.json.data).toEqual([expect.objectContaining({ scopeId: a.scopeId, role: "viewer" })]);
    expect((await call(clients.GET, "GET", "/api/clients/v1", { headers: bearer(key, b.scopeId) })).status).toBe(404);
    expect(
      (
        await call(clients.POST, "POST", "/api/clients/v1", {
          headers: bearer(key, a.scopeId),
          body: { type: "company", displayName: "x", countryCode: "BE" },
        })
      ).status,
    ).toBe(403);
  });
});

/** POST /members: adds a person by email with a role; returns the status. */
const addByEmail = async (headers: Record<string, string>, email: string, role: string) =>
  (await call(members.POST, "POST", "/api/scopes/v1/members", { headers, body: { email, role } })).status;

describe("members", () => {
  it("an admin adds a person by email with a role; the last admin cannot be demoted or removed", async () => {
    const owner = await makePerson("owner");
    const other = await makePerson("other");
    const headers = bearer(owner.token, owner.scopeId);
    expect(await addByEmail(headers, other.email, "member")).toBe(201);
    expect(await addByEmail(headers, other.email, "viewer")).toBe(409);
    expect(await addByEmail(headers, `x-${randomUUID()}@example.test`, "viewer")).toBe(404);

    const demoteSelf = await call<ErrorBody>(member.PATCH, "PATCH", `/api/scopes/v1/members/${owner.userId}`, {
      headers,
      params: { userId: owner.userId },
      body: { role: "viewer" },
    });
    expect(demoteSelf.status).toBe(409);
    const removeSelf = await call(member.DELETE, "DELETE", `/api/scopes/v1/members/${owner.userId}`, {
      headers,
      params: { userId: owner.userId },
    });
    expect(removeSelf.status).toBe(409);

    const promote = await call(member.PATCH, "PATCH", `/api/scopes/v1/members/${other.userId}`, {
      headers,
      params: { userId: other.userId },
      body: { role: "admin" },
    });
    expect(promote.status).toBe(200);
    const nowRemoveOwner = await call(member.DELETE, "DELETE", `/api/scopes/v1/members/${owner.userId}`, {
      headers: bearer(other.token, owner.scopeId),
      params: { userId: owner.userId },
    });
    expect(nowRemoveOwner.status).toBe(204);
    expect(await prisma().membership.count({ where: { scopeId: owner.scopeId, role: "admin" } })).toBe(1);
  });

  it("a member without members.manage gets 403 and the list stays readable", async () => {
    const owner = await makePerson("owner");
    const viewer = await makePerson("viewer");
    await prisma().membership.create({ data: { scopeId: owner.scopeId, userId: viewer.userId, role: "viewer" } });
    const headers = bearer(viewer.token, owner.scopeId);
    expect((await call(members.GET, "GET", "/api/scopes/v1/members", { headers })).status).toBe(200);
    expect(await addByEmail(headers, viewer.email, "admin")).toBe(403);
    const selfPromote = await call(member.PATCH, "PATCH", `/api/scopes/v1/members/${viewer.userId}`, {
      headers,
      params: { userId: viewer.userId },
      body: { role: "admin" },
    });
    expect(selfPromote.status).toBe(403);
  });
});
