// The provider guard with its state in memory: the circuit opens after N consecutive failures and
// half-opens after its cool-down, a spent budget and a Retry-After skip the call with words that say
// when the next is allowed, and every outcome is counted.
import { describe, expect, it } from "vitest";
import { circuitOf, guarded, type CallOutcome, type Guard, type GuardStore } from "@/lib/datasets/provider-guard";
import { ProviderError } from "@/lib/provider-errors";

function memoryGuard(budget = 100) {
  let now = new Date("2026-11-28T12:00:00Z");
  const circuit = { failures: 0, openedAt: null as Date | null };
  const recorded: [CallOutcome, string | null][] = [];
  const counted: string[] = [];
  let used = 0;
  let blockedUntil = 0;
  const store: GuardStore = {
    circuit: () => Promise.resolve({ ...circuit }),
    take: () => {
      if (now.getTime() < blockedUntil) return Promise.resolve(blockedUntil - now.getTime());
      used += 1;
      return Promise.resolve(used > budget ? 1000 : null);
    },
    holdOff: (_p, seconds) => {
      blockedUntil = now.getTime() + seconds * 1000;
      return Promise.resolve();
    },
    record: (_p, outcome, reason) => {
      recorded.push([outcome, reason]);
      if (outcome === "failed") {
        circuit.failures += 1;
        if (circuit.failures >= 3) circuit.openedAt = now;
      } else Object.assign(circuit, { failures: 0, openedAt: null });
      return Promise.resolve();
    },
  };
  const guard: Guard = {
    store,
    metrics: (_p, outcome) => counted.push(outcome),
    breaker: { failures: 3, cooldownSeconds: 30 },
    now: () => now,
  };
  const advance = (seconds: number) => (now = new Date(now.getTime() + seconds * 1000));
  return { guard, recorded, counted, advance };
}

const ok = () => Promise.resolve({ found: true });
const down = () => Promise.reject(new ProviderError("unavailable", "The register answered 503.", { status: 503 }));
const run = (guard: Guard, call: () => Promise<{ found: boolean }>) =>
  guarded(guard, "gleif", call, (v) => v.found).catch((e: unknown) => e);

describe("guarded", () => {
  it("opens the circuit after 3 consecutive failures, skips until the cool-down, then tries once more", async () => {
    const m = memoryGuard();
    for (let i = 0; i < 3; i++) expect(await run(m.guard, down)).toBeInstanceOf(ProviderError);
    expect(await run(m.guard, ok)).toEqual({
      status: "skipped",
      reason: "circuit open after 3 failures, next try in 30 s",
    });
    m.advance(20);
    expect(await run(m.guard, ok)).toEqual({
      status: "skipped",
      reason: "circuit open after 3 failures, next try in 10 s",
    });
    m.advance(10);
    expect(await run(m.guard, ok)).toEqual({ status: "called", value: { found: true } });
    expect(m.counted).toEqual(["failed", "failed", "failed", "skipped_circuit", "skipped_circuit", "served"]);
    expect(m.recorded.at(-1)).toEqual(["served", null]);
  });

  it("a 429's Retry-After stops every call until it has passed; a spent budget says when the next is allowed", async () => {
    const m = memoryGuard();
    const limited = () =>
      Promise.reject(new ProviderError("rate_limited", "GLEIF rate-limited the request.", { retryAfterSeconds: 12 }));
    expect(await run(m.guard, limited)).toBeInstanceOf(ProviderError);
    expect(await run(m.guard, ok)).toEqual({
      status: "skipped",
      reason: "rate limit reached, next call allowed in 12 s",
    });
    m.advance(12);
    expect(await run(m.guard, ok)).toMatchObject({ status: "called" });
    const spent = memoryGuard(1);
    await run(spent.guard, ok);
    expect(await run(spent.guard, ok)).toEqual({
      status: "skipped",
      reason: "rate limit reached, next call allowed in 1 s",
    });
    expect(m.recorded[0]).toEqual(["rate_limited", "rate_limited: GLEIF rate-limited the request."]);
  });

  it("counts an answer without data and a not-found error as not_found, which closes the circuit", async () => {
    const m = memoryGuard();
    await run(m.guard, down);
    await run(m.guard, () => Promise.resolve({ found: false }));
    await run(m.guard, () => Promise.reject(new ProviderError("not_found", "none")));
    expect(m.recorded).toEqual([
      ["failed", "unavailable: The register answered 503."],
      ["not_found", null],
      ["not_found", null],
    ]);
  });
});

describe("circuitOf", () => {
  it("is closed without an opening, open within the cool-down, half-open after it", () => {
    const now = new Date("2026-11-28T12:00:00Z");
    expect(circuitOf({ failures: 2, openedAt: null }, 60, now)).toBe("closed");
    expect(circuitOf({ failures: 5, openedAt: new Date(now.getTime() - 59_000) }, 60, now)).toBe("open");
    expect(circuitOf({ failures: 5, openedAt: new Date(now.getTime() - 60_000) }, 60, now)).toBe("half_open");
  });
});
