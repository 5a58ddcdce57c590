import { describe, expect, it } from "vitest";
import { ProviderError } from "@/lib/banking/errors";
import { backoffMs, withRetry } from "@/lib/banking/retry";

const options = { retries: 3, baseMs: 100, maxMs: 1000, random: () => 1 };

describe("withRetry", () => {
  it("waits no less than the bank's Retry-After, then succeeds", async () => {
    const waits: number[] = [];
    let calls = 0;
    const result = await withRetry(
      async () => {
        calls += 1;
        if (calls === 1) throw new ProviderError("rate_limited", "slow down", { retryAfterSeconds: 2 });
        if (calls === 2) throw new ProviderError("unavailable", "503");
        return "ok";
      },
      { ...options, sleep: async (ms) => void waits.push(ms) },
    );
    expect(result).toBe("ok");
    expect(waits).toEqual([2000, 200]);
  });

  it("gives up after the cap and rethrows the last error", async () => {
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls += 1;
          throw new ProviderError("unavailable", "down");
        },
        { ...options, sleep: async () => undefined },
      ),
    ).rejects.toThrow("down");
    expect(calls).toBe(4);
  });

  it("never retries a non-transient failure", async () => {
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls += 1;
          throw new ProviderError("consent_invalid", "expired");
        },
        { ...options, sleep: async () => undefined },
      ),
    ).rejects.toThrow("expired");
    expect(calls).toBe(1);
  });

  it("backs off exponentially with a cap", () => {
    const e = new ProviderError("unavailable", "x");
    expect([0, 1, 2, 3, 4, 5].map((a) => backoffMs(e, a, options))).toEqual([100, 200, 400, 800, 1000, 1000]);
  });
});
