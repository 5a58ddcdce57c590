// The default limit is counted per instance and reconciled with PostgreSQL in batches
// (lib/api/batched-limit.ts). A request within a batch writes nothing; instances sharing one database
// stay within the documented tolerance, `points + (instances - 1) × batch` per window and key; and a
// 429 still arrives. Limits are small and stubbed for this file only.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { envForThisFile } from "@/testing/support/file-env";

const POINTS = 100;
const BATCH = 5;

envForThisFile({
  RATE_LIMIT_POINTS: String(POINTS),
  RATE_LIMIT_BATCH: String(BATCH),
  // Long enough that only full batches are sent while a test runs: what the store holds is then exact.
  RATE_LIMIT_FLUSH_MS: "60000",
});

/** The count PostgreSQL holds for a key of a limit (0 when it has no row). */
async function stored(limit: string, key: string): Promise<number> {
  const { bookkeepingPool } = await import("@/lib/db/client");
  const { rows } = await bookkeepingPool().query<{ points: number }>("SELECT points FROM rate_limits WHERE key = $1", [
    `${limit}:${key}`,
  ]);
  return rows[0]?.points ?? 0;
}

type Outcome = { allowed: number; limited: number };

/** Settles `requests` and counts the allowed ones and the 429s (anything else fails the test). */
async function tally(requests: Promise<unknown>[]): Promise<Outcome> {
  const settled = await Promise.allSettled(requests);
  const outcome = { allowed: 0, limited: 0 };
  for (const s of settled) {
    if (s.status === "fulfilled") outcome.allowed += 1;
    else if ((s.reason as { code?: unknown }).code === "rate_limited") outcome.limited += 1;
    else throw s.reason;
  }
  return outcome;
}

/** Two limiters over two store objects: what two app instances hold, sharing the rate_limits table. */
async function twoInstances(name: string) {
  const { batchedLimit } = await import("@/lib/api/batched-limit");
  const { postgresLimiter } = await import("@/lib/api/rate-limit");
  const prefix = `${name}-${randomUUID().slice(0, 8)}`;
  const instance = () =>
    batchedLimit({ store: postgresLimiter(prefix, POINTS, 60), points: POINTS, batch: BATCH, flushMs: 60_000 });
  return { prefix, a: instance(), b: instance() };
}

describe("the default limit, counted per instance and sent in batches", () => {
  it("a request within a batch writes no counter: PostgreSQL hears of the points a batch at a time", async () => {
    const { consume } = await import("@/lib/api/rate-limit");
    const key = `batch-${randomUUID()}`;
    const headers = await consume("default", key); // the window's first request: counted in the store
    expect(headers.ratelimit).toMatch(new RegExp(`^"default";r=${POINTS - 1};t=\\d+$`));
    for (let i = 0; i < 3; i += 1) await consume("default", key);
    expect(await stored("default", key)).toBe(1);
    // The remaining count a client sees is exact for one instance all the same.
    expect((await consume("default", key)).ratelimit).toMatch(new RegExp(`^"default";r=${POINTS - 5};t=\\d+$`));
    // The 5th unsent point fills the batch; the next request waits until the store has it.
    await consume("default", key);
    await consume("default", key);
    expect(await stored("default", key)).toBe(1 + BATCH);
  });

  it("one instance alone is exact: the limit's last point, then 429 with Retry-After", async () => {
    const { consume } = await import("@/lib/api/rate-limit");
    const key = `alone-${randomUUID()}`;
    const outcome = await tally(Array.from({ length: POINTS + 20 }, () => consume("default", key)));
    expect(outcome).toEqual({ allowed: POINTS, limited: 20 });
    const refused = await consume("default", key).catch(
      (error: unknown) => error as { headers: Record<string, string> },
    );
    expect(Number((refused as { headers: Record<string, string> }).headers["retry-after"])).toBeGreaterThanOrEqual(1);
  });

  it("two instances on one database and one key: within points + batch allowed, and 429s arrive", async () => {
    const { prefix, a, b } = await twoInstances("two");
    const key = "caller";
    const asLimited = (p: Promise<unknown>) =>
      p.catch((error: unknown) => {
        throw typeof (error as { msBeforeNext?: unknown }).msBeforeNext === "number" ? { code: "rate_limited" } : error;
      });
    // Both instances open the window, then take turns in waves, each wave's requests all at once.
    let total: Outcome = { allowed: 0, limited: 0 };
    for (let wave = 0; wave < 30; wave += 1) {
      const requests = Array.from({ length: 8 }, (_, i) => asLimited((i % 2 === 0 ? a : b).consume(key)));
      const outcome = await tally(requests);
      total = { allowed: total.allowed + outcome.allowed, limited: total.limited + outcome.limited };
    }
    expect(total.allowed + total.limited).toBe(240);
    expect(total.allowed).toBeGreaterThanOrEqual(POINTS);
    expect(total.allowed).toBeLessThanOrEqual(POINTS + (2 - 1) * BATCH);
    expect(total.limited).toBeGreaterThan(0);
    // Every allowed point reaches the store once the instances have sent what they hold.
    await Promise.all([a.flushAll(), b.flushAll()]);
    expect(await stored(prefix, key)).toBeGreaterThanOrEqual(total.allowed);
  });

  it("two instances in strict alternation, one request at a time: still within points + batch", async () => {
    const { a, b } = await twoInstances("worst");
    // Strict alternation, one request at a time: each instance's view of the other lags by up to a batch.
    let allowed = 0;
    let limited = 0;
    for (let i = 0; i < 3 * POINTS; i += 1) {
      const ok = await (i % 2 === 0 ? a : b).consume("caller").then(
        () => true,
        () => false,
      );
      if (ok) allowed += 1;
      else limited += 1;
    }
    expect(allowed).toBeGreaterThanOrEqual(POINTS);
    expect(allowed).toBeLessThanOrEqual(POINTS + BATCH);
    expect(limited).toBe(3 * POINTS - allowed);
  });
});
