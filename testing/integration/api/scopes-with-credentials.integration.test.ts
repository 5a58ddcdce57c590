// GET /api/scopes/v1 reads a person's memberships in the credentials' own query (route option
// `withMemberships`): the list must be exactly what the scopes' own query answers (same scopes, roles,
// order, createdAt to the millisecond), for a bearer token and a session cookie alike; an App token
// still sees its one scope, and a revoked token still gets 401.
import { describe, expect, it } from "vitest";
import * as scopes from "@/app/api/scopes/v1/route";
import { prisma } from "@/lib/db/client";
import { listScopes } from "@/lib/scopes/scopes";
import { addMember, makeAppToken, makePerson, sessionCookie } from "@/testing/support/fixtures";
import { bearer, call } from "@/testing/support/http";

type ScopeList = { data: { scopeId: string; name: string; role: string; createdAt: string }[] };

describe("GET /api/scopes/v1 with the memberships read alongside the credentials", () => {
  it("answers what the scopes' own query answers: every membership, role and order, for a token and a session", async () => {
    const p = await makePerson("lists");
    const [other, third] = await Promise.all([makePerson("other"), makePerson("third")]);
    await addMember(other.scopeId, p.userId, "viewer");
    await addMember(third.scopeId, p.userId, "admin");
    const expected = await listScopes(prisma(), { kind: "user", userId: p.userId, via: "token", tokenId: p.tokenId });
    expect(expected.map((s) => s.scopeId).sort()).toEqual([p.scopeId, other.scopeId, third.scopeId].sort());

    const byToken = await call<ScopeList>(scopes.GET, "GET", "/api/scopes/v1", { headers: bearer(p.token) });
    expect(byToken.status).toBe(200);
    expect(byToken.json.data).toEqual(expected);
    const bySession = await call<ScopeList>(scopes.GET, "GET", "/api/scopes/v1", {
      headers: { cookie: await sessionCookie(p.userId) },
    });
    expect(bySession.status).toBe(200);
    expect(bySession.json.data).toEqual(expected);
  });

  it("an App token sees its one scope; a revoked token is refused", async () => {
    const p = await makePerson("app-owner");
    const app = await makeAppToken(p.scopeId, "member");
    const res = await call<ScopeList>(scopes.GET, "GET", "/api/scopes/v1", { headers: bearer(app.token) });
    expect(res.status).toBe(200);
    expect(res.json.data.map((s) => [s.scopeId, s.role])).toEqual([[p.scopeId, "member"]]);

    await prisma().apiToken.update({ where: { id: p.tokenId }, data: { revokedAt: new Date() } });
    expect((await call(scopes.GET, "GET", "/api/scopes/v1", { headers: bearer(p.token) })).status).toBe(401);
  });
});
