// transactions.changed counts what the change feed lists: for every sandbox scenario that syncs, the
// first sync and one after the bank's clock moved 5 days (pending booked, ids re-issued, a hold
// cancelled, …), the event's added/modified/removed equal what a reader of the account's feed finds
// from the event's cursor, read right after the run; a run whose feed shows nothing emits none.
import { describe, expect, it } from "vitest";
import type { AccountKind } from "@/lib/banking/types";
import { accountFeed, cursorOf } from "@/lib/changes/cursor";
import { pool, prisma } from "@/lib/db/client";
import { advanceBankClock, connectedConsent, resetBankClock, syncedAccount } from "@/testing/support/bank-flow";
import { follower } from "@/testing/support/changes";
import { bearer } from "@/testing/support/http";
import { withSandboxBank } from "@/testing/support/sandbox-server";
import { syncOnce } from "@/testing/support/sync-runs";

withSandboxBank();

// Every sandbox user whose consent can be approved at once and synced (not deny, slow or bulk-N).
const SCENARIOS = [
  "alice",
  "bob.company",
  "carol.payment",
  "ratelimited",
  "flaky",
  "pending",
  "reissue",
  "expiring",
  "namesakes",
  "noids",
  "oldhold",
  "cancelled",
  "oddities",
];

/** The users whose accounts are not private ones. */
const ACCOUNT_TYPE: Record<string, AccountKind | undefined> = { "bob.company": "company", "carol.payment": "payment" };

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
async function expectEventIsFeed(headers: Record<string, string>, accountId: string, runId: string) {
  const run = await prisma().syncRun.findUniqueOrThrow({ where: { id: runId } });
  const event = await eventOf(runId);
  const reader = follower(headers, accountId);
  const from = BigInt(run.feedFrom ?? 0);
  reader.cursor = event?.cursor ?? cursorOf(accountFeed(accountId), { since: from, after: from });
  const read = await reader.catchUp(1000);
  const feed = { added: read.added.length, modified: read.modified.length, removed: read.removed.length };
  if (feed.added + feed.modified + feed.removed === 0) expect(event).toBeUndefined();
  else expect(event && { added: event.added, modified: event.modified, removed: event.removed }).toEqual(feed);
  return { run, feed };
}

describe("transactions.changed counts what the feed shows", () => {
  it.each(SCENARIOS)(
    "%s: the first sync and one 5 days later",
    async (user) => {
      const c = await connectedConsent(user);
      const headers = bearer(c.person.token, c.person.scopeId);
      await prisma().webhookEndpoint.create({
        data: {
          scopeId: c.person.scopeId,
          url: "https://example.com/hook",
          events: ["transactions.changed"],
          secretCiphertext: "unused",
        },
      });
      const options = user === "flaky" ? { pageSize: 20 } : undefined;
      const pick = { accountType: ACCOUNT_TYPE[user] };
      const { account, run: first } = await syncedAccount(c, pick, options);
      expect(first.state).toBe("succeeded");
      const initial = await expectEventIsFeed(headers, account.id, first.id);
      expect(initial.feed.added).toBeGreaterThan(0);
      await advanceBankClock(5);
      try {
        const later = await syncOnce(account.id, c.person.scopeId, options ?? {});
        // `expiring`'s consent has ended by then: its run fails, and reports what it changed (nothing).
        expect(later.state).toBe(user === "expiring" ? "failed" : "succeeded");
        const { run, feed } = await expectEventIsFeed(headers, account.id, later.id);
        // The run's own progress counts a re-issued row as written again; the feed does not.
        if (user === "reissue") {
          expect(run.reissued).toBeGreaterThan(0);
          expect(feed.added).toBeLessThan(run.added);
        }
      } finally {
        await resetBankClock();
      }
    },
    120_000,
  );
});
