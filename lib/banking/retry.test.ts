import { describe, expect, it } from "vitest";
import { ProviderError } from "@/lib/provider-errors";
import { backoffMs, withRetry } from "@/lib/banking/retry";

const options = { retries: 3, baseMs: 100, maxMs: 1000, random: () => 1 };

describe("withRetry", () => {
  const noWait = () => Promise.resolve();

  it("waits no less than the bank's Retry-After, then succeeds", async () => {
    const waits: number[] = [];
    const answers = [
      () => Promise.reject(new ProviderError("rate_limited", "slow down", { retryAfterSeconds: 2 })),
      () => Promise.reject(new ProviderError("unavailable", "503")),
      () => Promise.resolve("ok"),
    ];
    let calls = 0;
    const sleep = (ms: number) => {
      waits.push(ms);
      return Promise.resolve();
    };
    const result = await withRetry(() => answers[calls++](), { ...options, sleep });
    expect(result).toBe("ok");
    expect(waits).toEqual([2000, 200]);
  });

  it.each([
    ["gives up after the cap and rethrows the last error", new ProviderError("unavailable", "down"), 4],
    ["never retries a non-transient failure", new ProviderError("consent_invalid", "expired"), 1],
  ])("%s", async (_name, error, attempts) => {
    let calls = 0;
    const failing = () => {
      calls += 1;
      return Promise.reject(error);
    };
    await expect(withRetry(failing, { ...options, sleep: noWait })).rejects.toThrow(error.message);
    expect(calls).toBe(attempts);
  });

  it("backs off exponentially with a cap", () => {
    const e = new ProviderError("unavailable", "x");
    expect([0, 1, 2, 3, 4, 5].map((a) => backoffMs(e, a, options))).toEqual([100, 200, 400, 800, 1000, 1000]);
  });
});
