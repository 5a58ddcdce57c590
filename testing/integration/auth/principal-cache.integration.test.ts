// The principal cache (lib/auth/principal-cache.ts) through the real route kernel and PostgreSQL:
// a request whose credentials were seen lately is answered without reading them again, and every
// change that could make what was kept wrong reaches it — by the tables' notifications when made
// elsewhere (SQL here, standing for another instance or a worker), by the kernel itself when made
// by a request of this process. Entries are kept for 5 minutes here, so only those can explain a
// refusal within the polls' few seconds. The other test files run with the cache off (setup-env).
import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.AUTH_CACHE_MS = "300000";
});

import * as personalToken from "@/app/api/auth/v1/personal-tokens/[id]/route";
import * as tokenRoute from "@/app/api/auth/v1/token/route";
import * as clients from "@/app/api/clients/v1/route";
import * as scopes from "@/app/api/scopes/v1/route";
import { createPrincipalCache } from "@/lib/auth/principal-cache";
import { listenForPrincipalChanges, principalCache } from "@/lib/auth/principal-listener";
import { pool, prisma } from "@/lib/db/client";
import { requireDatabaseUrl } from "@/lib/env";
import "@/lib/metrics/metrics";
import { registry } from "@/lib/metrics/registry";
import { addMember, makeAppToken, makePerson, sessionCookie, TEST_PASSWORD } from "@/testing/support/fixtures";
import { bearer, call, type CallResult } from "@/testing/support/http";

type ScopeList = { data: { scopeId: string; name: string; role: string }[] };

const authOf = (res: CallResult<unknown>) => /auth;desc=(\w+)/.exec(res.headers.get("server-timing") ?? "")?.[1];

async function listening() {
  const cache = principalCache();
  if (!cache) throw new Error("the principal cache is off: AUTH_CACHE_MS was not read as set");
  await expect.poll(() => cache.enabled, { timeout: 10_000 }).toBe(true);
  return cache;
}

/** GET /scopes until its credentials come from the cache (the first read fills it). */
async function keptScopes(headers: Record<string, string>) {
  await expect.poll(async () => authOf(await call(scopes.GET, "GET", "/api/scopes/v1", { headers }))).toBe("kept");
}

const scopesStatus = async (headers: Record<string, string>) =>
  (await call(scopes.GET, "GET", "/api/scopes/v1", { headers })).status;

afterEach(() => {
  vi.restoreAllMocks();
});

describe("principal cache", () => {
  it("answers credentials seen lately without reading them again, with the same answer", async () => {
    await listening();
    const p = await makePerson();
    const first = await call<ScopeList>(scopes.GET, "GET", "/api/scopes/v1", { headers: bearer(p.token) });
    await keptScopes(bearer(p.token));
    const queries = vi.spyOn(pool(), "query");
    const kept = await call<ScopeList>(scopes.GET, "GET", "/api/scopes/v1", { headers: bearer(p.token) });
    expect(authOf(kept)).toBe("kept");
    expect(kept.json.data).toEqual(first.json.data);
    expect(queries.mock.calls.filter(([q]) => /authenticate/.test(JSON.stringify(q)))).toEqual([]);
  });

  it("says so in the metrics: listening, and credentials checked from what was kept", async () => {
    await listening();
    const p = await makePerson();
    const kept = async () => {
      const line = /^ledgerlink_credential_checks_total\{source="kept"[^}]*\} (\d+)$/m.exec(await registry.metrics());
      return Number(line?.[1] ?? 0);
    };
    const before = await kept();
    await keptScopes(bearer(p.token));
    await expect.poll(kept).toBeGreaterThan(before); // counted once the answer is sent
    expect(await registry.metrics()).toMatch(/^ledgerlink_principal_cache_listening\{[^}]*\} 1$/m);
  });

  it("refuses a token revoked elsewhere once the notification arrives, a person's or an App's", async () => {
    await listening();
    const p = await makePerson();
    const app = await makeAppToken(p.scopeId, "viewer");
    for (const { token, tokenId } of [p, app]) {
      await keptScopes(bearer(token));
      await prisma().apiToken.update({ where: { id: tokenId }, data: { revokedAt: new Date() } });
      await expect.poll(() => scopesStatus(bearer(token)), { timeout: 5000 }).toBe(401);
    }
  });

  it("refuses a person removed from a scope elsewhere, and reads a renamed scope again", async () => {
    await listening();
    const owner = await makePerson("owner");
    const guest = await makePerson("guest");
    await addMember(owner.scopeId, guest.userId, "viewer");
    const inOwners = bearer(guest.token, owner.scopeId);
    await expect
      .poll(async () => authOf(await call(clients.GET, "GET", "/api/clients/v1", { headers: inOwners })))
      .toBe("kept");

    await prisma().scope.update({ where: { id: owner.scopeId }, data: { name: "Renamed elsewhere" } });
    await expect
      .poll(
        async () => {
          const list = await call<ScopeList>(scopes.GET, "GET", "/api/scopes/v1", { headers: bearer(guest.token) });
          return list.json.data.find((s) => s.scopeId === owner.scopeId)?.name;
        },
        { timeout: 5000 },
      )
      .toBe("Renamed elsewhere");

    await prisma().membership.delete({ where: { scopeId_userId: { scopeId: owner.scopeId, userId: guest.userId } } });
    await expect
      .poll(async () => (await call(clients.GET, "GET", "/api/clients/v1", { headers: inOwners })).status, {
        timeout: 5000,
      })
      .toBe(404);
  });

  it("keeps a session's memberships too, and hears of a membership added elsewhere", async () => {
    await listening();
    const p = await makePerson();
    const other = await makePerson("other");
    const headers = { cookie: await sessionCookie(p.userId) };
    await keptScopes(headers);
    await addMember(other.scopeId, p.userId, "member");
    await expect
      .poll(
        async () => {
          const list = await call<ScopeList>(scopes.GET, "GET", "/api/scopes/v1", { headers });
          return list.json.data.map((s) => s.scopeId).sort();
        },
        { timeout: 5000 },
      )
      .toEqual([p.scopeId, other.scopeId].sort());
  });

  it("ends a kept session and a kept sign-in token when the person's credentials generation moves elsewhere", async () => {
    await listening();
    const p = await makePerson();
    const session = { cookie: await sessionCookie(p.userId) };
    const signIn = await call<{ data: { accessToken: string } }>(tokenRoute.POST, "POST", "/api/auth/v1/token", {
      body: { grantType: "password", email: p.email, password: TEST_PASSWORD },
    });
    const signedIn = bearer(signIn.json.data.accessToken);
    for (const headers of [session, signedIn, bearer(p.token)]) await keptScopes(headers);

    await pool().query("UPDATE users SET credentials_generation = credentials_generation + 1 WHERE id = $1", [
      p.userId,
    ]);
    for (const headers of [session, signedIn])
      await expect.poll(() => scopesStatus(headers), { timeout: 5000 }).toBe(401);
    expect(await scopesStatus(bearer(p.token))).toBe(200); // a personal token is not a sign-in
  });

  it("a write through this process is seen by its next request, without waiting for the notification", async () => {
    const cache = await listening();
    const p = await makePerson();
    await keptScopes(bearer(p.token));
    // Notifications no longer reach the cache: only the kernel's own clearing can refuse the token.
    vi.spyOn(cache, "evict").mockImplementation(() => undefined);
    const revoked = await call(personalToken.DELETE, "DELETE", `/api/auth/v1/personal-tokens/${p.tokenId}`, {
      headers: bearer(p.token),
      params: { id: p.tokenId },
    });
    expect(revoked.status).toBe(200);
    expect(await scopesStatus(bearer(p.token))).toBe(401);
  });
});

describe("principal listener", () => {
  it("turns the cache off and empty when its connection is lost, and on again, empty, once it listens again", async () => {
    const cache = createPrincipalCache({ maxAgeMs: 600_000, maxEntries: 100 });
    const listener = listenForPrincipalChanges({ connectionString: requireDatabaseUrl(), cache, retryMs: 50 });
    try {
      await expect.poll(() => listener.backendPid(), { timeout: 10_000 }).not.toBeNull();
      const token = { id: "t-1", kind: "personal", userId: "u-1", scopeId: null, role: null } as const;
      cache.keep(cache.begin(), { hash: "h", token: { ...token, expiresAtMs: null, usedWrittenAtMs: 0 } });
      const pid = listener.backendPid();
      await pool().query("SELECT pg_terminate_backend($1)", [pid]);
      const again = () => listener.backendPid() !== null && listener.backendPid() !== pid;
      await expect.poll(again, { timeout: 10_000 }).toBe(true);
      expect(cache.size).toBe(0);

      // Listening again: a notification sent now reaches the cache.
      cache.keep(cache.begin(), { hash: "h", token: { ...token, expiresAtMs: null, usedWrittenAtMs: 0 } });
      expect(cache.token("h")).toBeDefined();
      await pool().query("SELECT pg_notify('principals_changed', 't:t-1')");
      await expect.poll(() => cache.token("h"), { timeout: 5000 }).toBeUndefined();
    } finally {
      await listener.stop();
    }
    expect(cache.enabled).toBe(false);
  });
});
