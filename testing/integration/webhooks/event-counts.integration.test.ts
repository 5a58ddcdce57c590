// transactions.changed counts what the change feed lists: for every sandbox user that syncs (the bank's
// own list), the first sync and one after the bank's clock moved 5 days (pending booked, ids
// re-issued, a hold cancelled, …), the event's added/modified/removed equal what a reader of the
// account's feed finds from the event's cursor, read right after the run; a run whose feed shows
// nothing emits none.
import { describe, expect, it } from "vitest";
import type { AccountKind } from "@/lib/banking/types";
import { accountFeed, cursorOf } from "@/lib/changes/cursor";
import { pool, prisma } from "@/lib/db/client";
import { advanceBankClock, connectedConsent, resetBankClock, syncedAccount } from "@/testing/support/bank-flow";
import { follower } from "@/testing/support/changes";
import { bankControl } from "@/testing/support/sandbox-bank-calls";
import { bearer } from "@/testing/support/http";
import { withSandboxBank } from "@/testing/support/sandbox-server";
import { syncOnce } from "@/testing/support/sync-runs";

withSandboxBank();

// The sandbox users whose consent is approved at once by redirect: every other behaviour syncs.
const NOT_AT_ONCE = new Set(["deny", "slow", "decoupled", "bulk"]);

/** The bank's own list of its test users (GET …/users of its controls), as the tests may sync them. */
async function syncableUsers(): Promise<{ userId: string; accountType: AccountKind }[]> {
  const { users } = await bankControl<{ users: { userId: string; behaviour: string; accounts: string[] }[] }>(
    "GET",
    "users",
  );
  return users
    .filter((u) => !NOT_AT_ONCE.has(u.behaviour) && !u.userId.startsWith("("))
    .map((u) => ({ userId: u.userId, accountType: u.accounts[0].split("-")[0] as AccountKind }));
}

type Changed = {
  accountId: string;
  syncRunId: string;
  added: number;
  modified: number;
  removed: number;
  cursor: string;
};

async function eventOf(runId: string): Promise<Changed | undefined> {
  const { rows } = await pool().query<{ payload: Changed }>(
    "SELECT payload FROM webhook_events WHERE type = 'transactions.changed' AND payload->>'syncRunId' = $1",
    [runId],
  );
  expect(rows.length).toBeLessThanOrEqual(1);
  return rows[0]?.payload;
}

/** The run's event against the feed read from where the feed stood when the run started. */
async function expectEventIsFeed(headers: Record<string, string>, accountId: string, runId: string, user: string) {
  const run = await prisma().syncRun.findUniqueOrThrow({ where: { id: runId } });
  const event = await eventOf(runId);
  const reader = follower(headers, accountId);
  const from = BigInt(run.feedFrom ?? 0);
  reader.cursor = event?.cursor ?? cursorOf(accountFeed(accountId), { since: from, after: from });
  const read = await reader.catchUp(1000);
  const feed = { added: read.added.length, modified: read.modified.length, removed: read.removed.length };
  if (feed.added + feed.modified + feed.removed === 0) expect(event, user).toBeUndefined();
  else expect(event && { added: event.added, modified: event.modified, removed: event.removed }, user).toEqual(feed);
  return { run, feed };
}

describe("transactions.changed counts what the feed shows", () => {
  it("for every sandbox user that syncs: the first sync and one 5 days later", async () => {
    const users = await syncableUsers();
    expect(users.map((u) => u.userId)).toEqual(expect.arrayContaining(["alice", "reissue", "pending", "cancelled"]));
    for (const { userId, accountType } of users) {
      const c = await connectedConsent(userId);
      const headers = bearer(c.person.token, c.person.scopeId);
      await prisma().webhookEndpoint.create({
        data: {
          scopeId: c.person.scopeId,
          url: "https://example.com/hook",
          events: ["transactions.changed"],
          secretCiphertext: "unused",
        },
      });
      // Small pages for `flaky`, so its sync crosses pages the bank fails.
      const options = userId === "flaky" ? { pageSize: 20 } : {};
      const { account, run: first } = await syncedAccount(c, { accountType }, options);
      expect(first.state, userId).toBe("succeeded");
      const initial = await expectEventIsFeed(headers, account.id, first.id, userId);
      expect(initial.feed.added, userId).toBeGreaterThan(0);
      await advanceBankClock(5);
      try {
        const later = await syncOnce(account.id, c.person.scopeId, options);
        // `expiring`'s consent has ended by then: its run fails, and reports what it changed (nothing).
        expect(later.state, userId).toBe(userId === "expiring" ? "failed" : "succeeded");
        const { run, feed } = await expectEventIsFeed(headers, account.id, later.id, userId);
        // The run's own progress counts a re-issued row as written again; the feed does not.
        if (userId === "reissue") {
          expect(run.reissued).toBeGreaterThan(0);
          expect(feed.added).toBeLessThan(run.added);
        }
      } finally {
        await resetBankClock();
      }
    }
  }, 600_000);
});
