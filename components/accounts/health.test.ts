// An account's health comes from its bank connection and its last run, in that order: access that
// ended is said as such (never "Up to date"), and advice never says "try again" for a failure that
// trying again cannot fix. The failures are the messages the sync itself writes.
import { describe, expect, it } from "vitest";
import { accountHealth, failureAdvice, healthSummary, syncBlockedReason } from "@/components/accounts/health";
import { ProviderError } from "@/lib/provider-errors";
import { consentEndedMessage, decideOutcome } from "@/lib/sync/outcome";
import type { Account, SyncRun } from "@/lib/client/accounts";

const NOW = Date.parse("2026-11-25T12:00:00Z");

function run(state: SyncRun["state"], lastError: string | null = null): SyncRun {
  return {
    id: `run-${state}`,
    state,
    trigger: "manual",
    attended: true,
    progress: {
      pages: 1,
      added: 10,
      updated: 0,
      removed: 0,
      reissued: 0,
      dateFrom: null,
      readFrom: null,
      readTo: null,
    },
    attempts: 1,
    lastError,
    retryAt: null,
    createdAt: "2026-11-25T11:00:00.000Z",
    startedAt: "2026-11-25T11:00:00.000Z",
    finishedAt: state === "succeeded" || state === "failed" ? "2026-11-25T11:00:05.000Z" : null,
    heartbeatAt: null,
  };
}

function account(overrides: Partial<Account> = {}): Account {
  return {
    consentId: "c1",
    bankName: "Scheldebank",
    lastSyncedAt: "2026-11-25T11:00:05.000Z",
    latestSync: run("succeeded"),
    access: { status: "valid", expiresAt: "2027-02-23T00:00:00.000Z" },
    ...overrides,
  } as Account;
}

/** Every message a failed run can carry that trying again at once cannot fix. */
const UNFIXABLE_BY_RETRY = [
  "Access to this bank is revoked; reconnect to continue. Nothing was asked of the bank.",
  "Access to this bank is expired; reconnect to continue. Nothing was asked of the bank.",
  consentEndedMessage(false, "2026-11-25"),
  consentEndedMessage(true, "2026-11-25"),
  (decideOutcome(new ProviderError("rejected", "Account blocked", { status: 403 }), 1, 4) as { message: string })
    .message,
  (decideOutcome(new ProviderError("unknown", "The page chain repeats."), 1, 4) as { message: string }).message,
  "The account is no longer tracked.",
  "The bank integration enablebanking is not enabled.",
  "PSD2 allows 4 unattended accesses a day for this account; the next is allowed at 2026-11-25T18:00:00.000Z.",
];

describe("failureAdvice", () => {
  it.each(UNFIXABLE_BY_RETRY)("never says 'try again' for: %s", (message) => {
    const advice = failureAdvice(message, "c1");
    expect(advice.text).not.toMatch(/try again|in a few minutes/i);
  });

  it("sends a refused or ended access to the bank connection to reconnect", () => {
    for (const message of [UNFIXABLE_BY_RETRY[0], UNFIXABLE_BY_RETRY[2], UNFIXABLE_BY_RETRY[4]]) {
      const advice = failureAdvice(message, "c1");
      expect(advice.href).toBe("/consents/c1");
      expect(advice.text).toMatch(/reconnect/i);
    }
  });

  it("tells a person that a passing bank outage is retried, and that Sync now is theirs to press", () => {
    const exhausted = decideOutcome(new ProviderError("unavailable", "down", { status: 503 }), 4, 4);
    expect(failureAdvice((exhausted as { message: string }).message, "c1").text).toMatch(/Sync now/);
  });
});

describe("accountHealth", () => {
  it("says access ended at the bank, with Reconnect, after a revoke, even when the last sync succeeded", () => {
    const health = accountHealth(account({ access: { status: "revoked", expiresAt: null } }), NOW);
    expect(health).toMatchObject({ kind: "ended", label: "Access ended at Scheldebank" });
  });

  it("says access ended once the approval's end has passed, before anyone asked the bank", () => {
    const health = accountHealth(account({ access: { status: "valid", expiresAt: "2026-11-20T00:00:00.000Z" } }), NOW);
    expect(health.kind).toBe("ended");
  });

  it("an ended access outranks a stale failure", () => {
    const health = accountHealth(
      account({ access: { status: "expired", expiresAt: null }, latestSync: run("failed", UNFIXABLE_BY_RETRY[3]) }),
      NOW,
    );
    expect(health.kind).toBe("ended");
  });

  it("a reconnected account whose renewal's sync runs is syncing, not failed", () => {
    expect(accountHealth(account({ latestSync: run("queued") }), NOW).kind).toBe("syncing");
  });

  it("a failure from before a reconnect asks for Sync now, not Reconnect", () => {
    const health = accountHealth(account({ latestSync: run("failed", UNFIXABLE_BY_RETRY[0]) }), NOW);
    expect(health).toMatchObject({ kind: "failed" });
    if (health.kind !== "failed") throw new Error("unreachable");
    expect(health.advice.text).toMatch(/Sync now/);
    expect(health.advice.text).not.toMatch(/reconnect/i);
  });

  it("up to date only with valid access and a successful last sync", () => {
    expect(accountHealth(account(), NOW)).toMatchObject({ kind: "ok", label: "Up to date" });
    expect(accountHealth(account({ lastSyncedAt: null, latestSync: null }), NOW).kind).toBe("never");
  });
});

describe("syncBlockedReason", () => {
  it("gives the reason Sync now cannot work while access has ended, and none while it is valid", () => {
    expect(syncBlockedReason(account({ access: { status: "revoked", expiresAt: null } }), NOW)).toMatch(
      /Access to Scheldebank ended; reconnect/,
    );
    expect(syncBlockedReason(account(), NOW)).toBeNull();
  });
});

describe("healthSummary", () => {
  it("never says everything is fine when access ended", () => {
    const healths = [account({ access: { status: "revoked", expiresAt: null } }), account()].map((a) =>
      accountHealth(a, NOW),
    );
    const summary = healthSummary(healths);
    expect(summary).not.toMatch(/without errors|up to date/i);
    expect(summary).toMatch(/1 of 2 accounts/);
  });

  it("a stopped account is said, and never counted as up to date", () => {
    const stopped = { ...account(), trackingState: "stopped" as const };
    const summary = healthSummary([accountHealth(account(), NOW), accountHealth(stopped, NOW)]);
    expect(summary).toBe("1 of 2 accounts up to date. Tracking is stopped for 1 of 2 accounts.");
    expect(accountHealth(stopped, NOW)).toMatchObject({ kind: "stopped", label: "Tracking stopped" });
  });

  it("says all are up to date when they are", () => {
    expect(healthSummary([accountHealth(account(), NOW), accountHealth(account(), NOW)])).toMatch(
      /All 2 accounts are up to date/,
    );
  });
});

describe("an account kept from statement files", () => {
  const fromFiles = account({ source: "file", consentId: null, access: null, lastSyncedAt: null, latestSync: null });

  it("says where its rows come from: no access to end, nothing blocking, never 'Not synced yet'", () => {
    expect(accountHealth(fromFiles, NOW)).toEqual({ kind: "file", tone: "slate", label: "From statement files" });
    expect(syncBlockedReason(fromFiles, NOW)).toBeNull();
  });

  it("is said in the summary, and never counted as up to date", () => {
    const summary = healthSummary([accountHealth(account(), NOW), accountHealth(fromFiles, NOW)]);
    expect(summary).toBe("1 of 2 accounts up to date. 1 of 2 accounts kept from statement files.");
    expect(healthSummary([accountHealth(fromFiles, NOW)])).toBe("The account is kept from statement files.");
  });

  it("a failure's advice links to no bank connection when there is none", () => {
    expect(failureAdvice("Access to this bank is revoked; reconnect to continue.", null).href).toBeUndefined();
  });
});
