// RELIABILITY.md case 11 on /api/clients/v1: over quota → 429 rate_limited with an integer
// Retry-After and RateLimit headers; once the clock has moved that far, success. Small limits for this file only.
import { describe, expect, it, vi } from "vitest";
import { envForThisFile } from "@/testing/support/file-env";
import { bearer, call } from "@/testing/support/http";

const POINTS = 3;
const WINDOW = 2;

envForThisFile({
  RATE_LIMIT_POINTS: String(POINTS),
  RATE_LIMIT_WINDOW_SECONDS: String(WINDOW),
  AUTH_RATE_LIMIT_POINTS: "2",
});

/** Two fresh people, each with a budget of their own, and the first one's request headers. */
async function twoPeople() {
  const { makePerson } = await import("@/testing/support/fixtures");
  const p = await makePerson();
  const other = await makePerson();
  return { p, other, headers: bearer(p.token, p.scopeId) };
}

describe("rate limiting", () => {
  it("case 11: the request over quota gets 429 with Retry-After no earlier than the reset; after it, success", async () => {
    const clients = await import("@/app/api/clients/v1/route");
    const { other, headers } = await twoPeople();
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof call<{ error: { code: string } }>>> | null = null;
    for (let i = 0; i < POINTS + 1; i += 1) {
      const res = await call<{ error: { code: string } }>(clients.GET, "GET", "/api/clients/v1", { headers });
      statuses.push(res.status);
      if (res.status === 429) limited = res;
      else expect(res.headers.get("ratelimit-policy")).toBe(`"default";q=${POINTS};w=${WINDOW}`);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(limited!.json.error.code).toBe("rate_limited");
    const retryAfter = limited!.headers.get("retry-after");
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(WINDOW);
    expect(limited!.headers.get("ratelimit")).toMatch(/^"default";r=0;t=\d+$/);

    // Another principal has its own budget.
    expect(
      (await call(clients.GET, "GET", "/api/clients/v1", { headers: bearer(other.token, other.scopeId) })).status,
    ).toBe(200);

    // Move the clock instead of sleeping: the limiter's windows are stamped with Date.now().
    // Just before Retry-After has passed the caller is still limited; once it has, it is served.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + Number(retryAfter) * 1000 - 1_000);
      expect((await call(clients.GET, "GET", "/api/clients/v1", { headers })).status).toBe(429);
      vi.setSystemTime(Date.now() + 1_050);
      expect((await call(clients.GET, "GET", "/api/clients/v1", { headers })).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a read-only route runs its read alongside the limit, yet over quota answers 429 whatever the read found", async () => {
    const scopes = await import("@/app/api/scopes/v1/route");
    const accounts = await import("@/app/api/accounttracking/v1/accounts/route");
    const { p, other: stranger, headers } = await twoPeople();
    const codes: number[] = [];
    for (let i = 0; i < POINTS; i += 1)
      codes.push((await call(scopes.GET, "GET", "/api/scopes/v1", { headers })).status);
    expect(codes).toEqual([200, 200, 200]);
    // Over quota: 429 even though the read itself succeeded, with no data in the body.
    const limited = await call<{ data?: unknown; error: { code: string } }>(scopes.GET, "GET", "/api/scopes/v1", {
      headers,
    });
    expect(limited.status).toBe(429);
    expect(limited.json.error.code).toBe("rate_limited");
    expect(limited.json.data).toBeUndefined();
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // Over quota and naming a scope it is not a member of: the limit is reported first (documented order).
    const foreign = await call<{ error: { code: string } }>(accounts.GET, "GET", "/api/accounttracking/v1/accounts", {
      headers: bearer(p.token, stranger.scopeId),
    });
    expect(foreign.status).toBe(429);
    // Within quota, the same foreign scope is a 404 from the read path, with the RateLimit headers.
    const fresh = await call<{ error: { code: string } }>(accounts.GET, "GET", "/api/accounttracking/v1/accounts", {
      headers: bearer(stranger.token, p.scopeId),
    });
    expect(fresh.status).toBe(404);
    expect(fresh.headers.get("ratelimit")).toMatch(/^"default";r=\d+;t=\d+$/);
  });

  it("password attempts have their own stricter budget per address and email", async () => {
    const token = await import("@/app/api/auth/v1/token/route");
    const body = { grantType: "password", email: "someone@example.test", password: "guess guess" };
    const codes: number[] = [];
    for (let i = 0; i < 3; i += 1) codes.push((await call(token.POST, "POST", "/api/auth/v1/token", { body })).status);
    expect(codes).toEqual([401, 401, 429]);
  });
});
