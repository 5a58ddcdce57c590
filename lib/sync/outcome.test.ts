// The sync decides what a failure means from the error's discriminant, so an error made by another
// copy of the module (the Next bundle's, while the worker runs on tsx's) is still a bank error.
import { describe, expect, it, vi } from "vitest";
import { ProviderError } from "@/lib/provider-errors";
import { formatBankDay } from "@/lib/dates/days";
import { consentEndedMessage, decideOutcome } from "@/lib/sync/outcome";

async function foreignProviderError() {
  vi.resetModules();
  const copy = await import("@/lib/provider-errors");
  return copy.ProviderError;
}

describe("decideOutcome", () => {
  it("classifies a bank error made by another module copy of the class", async () => {
    const Foreign = await foreignProviderError();
    expect(Foreign).not.toBe(ProviderError);
    const error = new Foreign("rate_limited", "slow down", { status: 429, retryAfterSeconds: 120 });
    expect(error instanceof ProviderError).toBe(false);
    const now = new Date("2026-11-23T14:03:00Z");
    expect(decideOutcome(error, 1, 4, now)).toEqual({
      kind: "retry",
      waitSeconds: 120,
      message: "The bank limits how often we may read; next try at 14:05 UTC.",
    });
  });

  it("our database out of reach (a failover) is retried with backoff, not a failed sync, until the last attempt", () => {
    const middle = () => 0.5;
    const now = new Date("2026-11-29T18:00:00Z");
    const lost = [
      Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
      new Error("Connection terminated unexpectedly"),
      // Prisma's driver adapter wraps the pg error.
      Object.assign(new Error("wrapped"), { name: "DriverAdapterError", cause: { code: "08006" } }),
      Object.assign(new Error("cannot execute INSERT in a read-only transaction"), { code: "25006" }),
    ];
    for (const error of lost)
      expect(decideOutcome(error, 1, 4, now, 5, middle)).toEqual({
        kind: "retry",
        waitSeconds: 5,
        message: "Our database was out of reach; next try at 18:00 UTC.",
      });
    expect(decideOutcome(lost[0], 4, 4, now)).toEqual({
      kind: "failed",
      internal: true,
      message: "Our database was out of reach; we tried 4 times and stopped. Nothing stored was lost; try again later.",
    });
    // Any other error of ours still fails the run at once.
    expect(decideOutcome(new Error("a bug"), 1, 4, now)).toMatchObject({ kind: "failed", internal: true });
  });

  it("5xx backs off exponentially, and stops after the last attempt with what happened", () => {
    const error = new ProviderError("unavailable", "down", { status: 503 });
    const middle = () => 0.5; // the jitter's midpoint: the nominal wait
    expect(decideOutcome(error, 1, 4, new Date(), 5, middle)).toMatchObject({ kind: "retry", waitSeconds: 5 });
    expect(decideOutcome(error, 3, 4, new Date(), 5, middle)).toMatchObject({ kind: "retry", waitSeconds: 20 });
    expect(decideOutcome(new ProviderError("unavailable", "down", { retryAfterSeconds: 90 }), 1, 4)).toMatchObject({
      waitSeconds: 90,
    });
    expect(decideOutcome(error, 4, 4)).toEqual({
      kind: "failed",
      internal: false,
      message:
        "The bank is not answering (HTTP 503); we tried 4 times and stopped. Nothing stored was lost; the next update tries again.",
    });
  });

  it("re-queue waits are jittered (runs that failed together come back apart), capped, and never before Retry-After", () => {
    const down = new ProviderError("unavailable", "down", { status: 503 });
    const wait = (error: ProviderError, attempt: number, random: number) => {
      const outcome = decideOutcome(error, attempt, 10, new Date(), 5, () => random);
      return outcome.kind === "retry" ? outcome.waitSeconds : null;
    };
    // ±25 % around 5 s doubling per attempt.
    expect([wait(down, 1, 0), wait(down, 1, 1)]).toEqual([4, 7]);
    expect(wait(down, 1, 0)).not.toBe(wait(down, 1, 1));
    expect([wait(down, 3, 0), wait(down, 3, 1)]).toEqual([15, 25]);
    // Capped at 5 minutes (plus jitter), however many attempts.
    expect(wait(down, 9, 1)).toBeLessThanOrEqual(375);
    expect(wait(down, 9, 0)).toBeGreaterThanOrEqual(225);
    // The bank's Retry-After is a floor the jitter never goes below.
    const limited = new ProviderError("rate_limited", "slow", { status: 429, retryAfterSeconds: 90 });
    for (const r of [0, 0.5, 1]) expect(wait(limited, 1, r)).toBeGreaterThanOrEqual(90);
  });

  it("a refused consent ends the access; anything not from the bank is ours", () => {
    const refused = new ProviderError("consent_invalid", "expired", { status: 401, bankCode: "CONSENT_EXPIRED" });
    expect(decideOutcome(refused, 1, 4).kind).toBe("consent_ended");
    expect(decideOutcome({ kind: "provider_error", code: "consent_invalid", message: "plain object" }, 1, 4).kind).toBe(
      "consent_ended",
    );
    expect(decideOutcome(new ProviderError("unknown", "The bank repeated a page link."), 1, 4)).toEqual({
      kind: "failed",
      internal: false,
      message:
        "The bank's answer could not be used: The bank repeated a page link. Nothing stored was lost; the next update tries again.",
    });
    expect(decideOutcome(new Error("db down"), 1, 4)).toMatchObject({ kind: "failed", internal: true });
    expect(decideOutcome({ kind: "provider_error", code: "made_up" }, 1, 4)).toMatchObject({
      kind: "failed",
      internal: true,
    });
  });
});

describe("words", () => {
  it("bank days are dates, not instants", () => {
    expect(formatBankDay("2026-11-25")).toBe("25 Nov 2026");
    expect(consentEndedMessage(true, "2026-11-25")).toBe(
      "Access expired at the bank on 25 Nov 2026; reconnect to continue.",
    );
    expect(consentEndedMessage(false, "2026-01-01")).toBe(
      "Access ended at the bank on 1 Jan 2026; reconnect to continue.",
    );
  });
});
