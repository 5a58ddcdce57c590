// The cached account figures are always the figures computed afresh: after a sync, a re-sync with new
// and booked entries, a person's transfer mark, tracking a sibling account (own-account transfers are
// detected by its IBAN), reconcile's re-issue pairing and its undo. And an unchanged account is served
// from the cache, not recomputed.
import { describe, expect, it } from "vitest";
import { accountFigures, accountStats, withSingleFigures } from "@/lib/accounttracking/accounts/stats";
import { syncedAlice } from "@/testing/support/accounttracking";
import { setTransferOverride } from "@/lib/accounttracking/transactions/transfers";
import { pgTransaction, pool, prisma } from "@/lib/db/client";
import { undoReissue } from "@/lib/sync/reissue-undo";
import { TEST_ACTOR } from "@/testing/support/audit";
import { advanceBankClock, connectedConsent, resetBankClock, syncedAccount } from "@/testing/support/bank-flow";
import { withSandboxBank } from "@/testing/support/sandbox-server";
import { syncOnce } from "@/testing/support/sync-runs";

withSandboxBank();

const accountOf = (id: string) => prisma().trackedAccount.findUniqueOrThrow({ where: { id } });

async function served(accountId: string) {
  const { accountId: _id, currency: _c, balance: _b, ...figures } = await accountStats(await accountOf(accountId));
  return figures;
}

/**
 * Served figures equal fresh ones. Then the stored entry is marked (firstDate "cached"), so a later
 * write that failed to invalidate it would be caught: the marker would be served.
 */
async function expectCurrent(accountId: string) {
  const figures = await served(accountId);
  const { currency } = await accountOf(accountId);
  expect(figures).toEqual(withSingleFigures(currency, await accountFigures(accountId)));
  await pool().query(
    `UPDATE account_stats_cache SET payload = jsonb_set(payload, '{figures,firstDate}', '"cached"') WHERE account_id = $1`,
    [accountId],
  );
  return figures;
}

const sync = syncOnce;

describe("cached account figures", () => {
  it("are served from the cache while nothing changed, and are fresh after every kind of write", async () => {
    const alice = await syncedAlice();
    const id = alice.current.id;
    const first = await expectCurrent(id);
    // Unchanged: served from the cache (the marker comes back), also after a re-sync that changes
    // nothing (rows only marked as seen)…
    expect((await served(id)).firstDate).toBe("cached");
    await sync(id, alice.connected.person.scopeId);
    expect((await served(id)).firstDate).toBe("cached");

    // …one that brings new entries (and books pending ones) does not.
    await advanceBankClock(3);
    let later: typeof first;
    try {
      await sync(id, alice.connected.person.scopeId);
      later = await expectCurrent(id);
      expect(later.counts.booked).toBeGreaterThan(first.counts.booked);
    } finally {
      await resetBankClock();
    }

    // A person's transfer mark on the biggest counterpart's first transaction.
    const top = later.topCounterparts[0];
    const { rows } = await pool().query<{ id: string }>(
      `SELECT id FROM transactions WHERE account_id = $1 AND removed_at IS NULL
         AND $2 IN (coalesce(ultimate_creditor, creditor_name), coalesce(ultimate_debtor, debtor_name)) LIMIT 1`,
      [id, top.name],
    );
    await setTransferOverride({
      scopeId: alice.connected.person.scopeId,
      transactionId: rows[0].id,
      value: true,
      actor: TEST_ACTOR,
    });
    const marked = await expectCurrent(id);
    expect(marked.topCounterparts.find((t) => t.name === top.name)?.count).toBe(top.count - 1);

    // The holder's name changes (no longer guessed as transfers), then tracking the savings account
    // turns "Monthly savings" into transfers by IBAN: the scope's accounts decide, not the rows.
    const guessed = marked;
    await pool().query("UPDATE tracked_accounts SET owner_name = 'Somebody Else' WHERE id = $1", [id]);
    const unguessed = await expectCurrent(id);
    expect(unguessed.months).not.toEqual(guessed.months);
    await alice.trackSavings();
    const byIban = await expectCurrent(id);
    expect(byIban.months).toEqual(guessed.months);
  });

  it("follow reconcile's re-issue pairing and its undo", async () => {
    const c = await connectedConsent("reissue");
    const { account } = await syncedAccount(c);
    await expectCurrent(account.id);
    await advanceBankClock(1);
    try {
      await sync(account.id, c.person.scopeId);
      await expectCurrent(account.id);
      const { rows } = await pool().query<{ id: string }>(
        "SELECT id FROM transaction_reissues WHERE account_id = $1 ORDER BY matched_at, id LIMIT 1",
        [account.id],
      );
      expect((await pgTransaction((client) => undoReissue(client, rows[0].id, TEST_ACTOR))).undone).toBe(true);
      await expectCurrent(account.id);
    } finally {
      await resetBankClock();
    }
  });
});
