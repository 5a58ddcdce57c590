// The principal cache's own rules (lib/auth/principal-cache.ts): what it keeps, what it refuses to
// keep, and what makes it forget. The notifications and the kernel are tested in
// testing/integration/auth/principal-cache.integration.test.ts and on the built app.
import { describe, expect, it } from "vitest";
import { createPrincipalCache, type CachedToken } from "@/lib/auth/principal-cache";

const token = (over: Partial<CachedToken> = {}): CachedToken => ({
  id: "tok-1",
  kind: "personal",
  userId: "user-1",
  scopeId: null,
  role: null,
  expiresAtMs: null,
  usedWrittenAtMs: 0,
  ...over,
});
const person = (scopeIds: string[]) => ({
  memberships: scopeIds.map((id) => ({ id, name: id, role: "admin" as const, createdAt: new Date(0) })),
  generation: 0,
});

function setUp(maxEntries = 100) {
  let clock = 1_000_000;
  const cache = createPrincipalCache({ maxAgeMs: 10_000, maxEntries, now: () => clock });
  cache.enable();
  return { cache, tick: (ms: number) => (clock += ms), now: () => clock };
}

describe("principal cache", () => {
  it("keeps what a read saw and answers it until the entry's age runs out", () => {
    const { cache, tick } = setUp();
    cache.keep(cache.begin(), { hash: "h1", token: token(), userId: "user-1", person: person(["s1"]) });
    expect(cache.token("h1")?.id).toBe("tok-1");
    expect(cache.person("user-1")?.memberships.map((m) => m.id)).toEqual(["s1"]);
    tick(9_999);
    expect(cache.token("h1")).toBeDefined();
    tick(1);
    expect(cache.token("h1")).toBeUndefined();
    expect(cache.person("user-1")).toBeUndefined();
  });

  it("forgets a token at its expiry, whatever the entry's age", () => {
    const { cache, tick, now } = setUp();
    cache.keep(cache.begin(), { hash: "h1", token: token({ expiresAtMs: now() + 500 }) });
    expect(cache.token("h1")).toBeDefined();
    tick(500);
    expect(cache.token("h1")).toBeUndefined();
  });

  it("keeps nothing from a read that began before a change", () => {
    const { cache } = setUp();
    for (const change of [
      () => cache.evict("t:someone-else"),
      () => cache.evict("u:user-9"),
      () => cache.afterWrite(),
      () => cache.evict("*"),
    ]) {
      const ticket = cache.begin();
      change();
      cache.keep(ticket, { hash: "h1", token: token(), userId: "user-1", person: person(["s1"]) });
      expect(cache.token("h1")).toBeUndefined();
      expect(cache.person("user-1")).toBeUndefined();
    }
  });

  it("keeps and answers nothing while its listener is not listening, and starts empty again", () => {
    const { cache } = setUp();
    cache.keep(cache.begin(), { hash: "h1", token: token() });
    const ticket = cache.begin();
    cache.disable();
    expect(cache.begin()).toBeNull();
    cache.keep(ticket, { hash: "h2", token: token({ id: "tok-2" }) });
    cache.keep(cache.begin(), { hash: "h3", token: token({ id: "tok-3" }) });
    expect(cache.token("h1")).toBeUndefined();
    cache.enable();
    expect(cache.size).toBe(0);
    cache.keep(ticket, { hash: "h2", token: token({ id: "tok-2" }) });
    expect(cache.token("h2")).toBeUndefined();
  });

  it("evicts by token, by person and by scope, and leaves the rest", () => {
    const { cache } = setUp();
    const fill = () => {
      cache.keep(cache.begin(), { hash: "h1", token: token(), userId: "user-1", person: person(["s1"]) });
      cache.keep(cache.begin(), {
        hash: "h2",
        token: token({ id: "tok-2", userId: "user-2" }),
        userId: "user-2",
        person: person(["s2"]),
      });
      cache.keep(cache.begin(), {
        hash: "h3",
        token: token({ id: "app-3", kind: "api_key", userId: "user-9", scopeId: "s2" }),
      });
    };
    const kept = () => ({
      tokens: ["h1", "h2", "h3"].filter((h) => cache.token(h)),
      people: ["user-1", "user-2"].filter((u) => cache.person(u)),
    });
    fill();
    cache.evict("t:tok-2");
    expect(kept()).toEqual({ tokens: ["h1", "h3"], people: ["user-1", "user-2"] });
    fill();
    cache.evict("u:user-1");
    expect(kept()).toEqual({ tokens: ["h2", "h3"], people: ["user-2"] });
    fill();
    cache.evict("s:s2");
    expect(kept()).toEqual({ tokens: ["h1", "h2"], people: ["user-1"] });
    fill();
    cache.evict("*");
    expect(kept()).toEqual({ tokens: [], people: [] });
  });

  it("holds at most maxEntries of each kind, dropping the oldest", () => {
    const { cache } = setUp(2);
    for (const n of [1, 2, 3]) cache.keep(cache.begin(), { hash: `h${n}`, token: token({ id: `tok-${n}` }) });
    expect([1, 2, 3].map((n) => cache.token(`h${n}`)?.id ?? null)).toEqual([null, "tok-2", "tok-3"]);
  });
});
