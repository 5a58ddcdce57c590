// Re-issued bank ids against the bank's own answer: every re-issued row (inside the incremental
// window and before it) takes the new id and fields, each pairing is recorded and can be undone; a
// cancelled payment followed by a new one of the same amount to the same party is two events.
import { describe, expect, it } from "vitest";
import { pgTransaction, pool, prisma } from "@/lib/db/client";
import { bankAnswer, expectEqualToBankAnswer, type BankEntry } from "@/testing/support/bank-answer";
import { advanceBankClock, connectedConsent, resetBankClock, syncedAccount } from "@/testing/support/bank-flow";
import { withSandboxBank } from "@/testing/support/sandbox-server";
import { syncOnce } from "@/testing/support/sync-runs";
import { undoReissue } from "@/lib/sync/reissue-undo";
import { TEST_ACTOR } from "@/testing/support/audit";
import { addDays } from "@/lib/dates/days";
import { INCREMENTAL_OVERLAP_DAYS } from "@/lib/sync/window";

withSandboxBank();

const sync = syncOnce;

type Row = { id: string; external_id: string; entry_reference: string | null; sort_date: string; removed: boolean };

async function rows(accountId: string): Promise<Row[]> {
  const result = await pool().query<Row>(
    "SELECT id, external_id, entry_reference, sort_date, removed_at IS NOT NULL AS removed FROM transactions WHERE account_id = $1",
    [accountId],
  );
  return result.rows;
}

const newestBooked = (answer: BankEntry[]) =>
  answer
    .filter((e) => e.status === "booked")
    .map((e) => String(e.raw.bookingDate))
    .sort()
    .at(-1) ?? "";

describe("re-issued ids", () => {
  it("reissue: every row, before the window too, takes the bank's new id and fields; pairings are recorded and undoable", async () => {
    const c = await connectedConsent("reissue");
    const { account } = await syncedAccount(c);
    const before = await bankAnswer(c.bankId, c.bankConsentId, account.externalId);
    await expectEqualToBankAnswer(account.id, before);
    const ours = await rows(account.id);
    const window = addDays(newestBooked(before), -INCREMENTAL_OVERLAP_DAYS);
    expect(ours.filter((r) => r.sort_date < window).length).toBeGreaterThan(0);

    await advanceBankClock(1);
    try {
      const next = await sync(account.id, c.person.scopeId);
      expect(next.state).toBe("succeeded");
      const after = await bankAnswer(c.bankId, c.bankConsentId, account.externalId);
      // The bank re-issued every id it had listed: none of the old ones is in its answer now.
      const oldIds = new Set(before.map((e) => e.raw.transactionId));
      expect(after.some((e) => oldIds.has(e.raw.transactionId))).toBe(false);
      // Bank ids, entryReference, text and every other field: as the bank says now.
      const figures = await expectEqualToBankAnswer(account.id, after);
      expect(figures.ours).toEqual(figures.bank);
      // Each of our rows was paired (kept its id), inside the window and before it.
      const now = await rows(account.id);
      const live = new Set(now.filter((r) => !r.removed).map((r) => r.id));
      expect(ours.filter((r) => !live.has(r.id))).toEqual([]);
      expect(next.reissued).toBe(before.length);
      const audit = await pool().query<{
        id: string;
        transaction_id: string;
        old_external_id: string;
        new_external_id: string;
        previous: { external_id: string; entry_reference: string };
      }>(
        "SELECT id, transaction_id, old_external_id, new_external_id, previous FROM transaction_reissues WHERE run_id = $1 ORDER BY matched_at, id",
        [next.id],
      );
      expect(audit.rows.length).toBe(before.length);
      const oldRefs = new Map(before.map((e) => [e.raw.transactionId, e.raw.entryReference]));
      for (const a of audit.rows) {
        expect(a.previous.external_id).toBe(a.old_external_id);
        expect(a.previous.entry_reference).toBe(oldRefs.get(a.old_external_id));
      }
      const older = ours.filter((r) => r.sort_date < window).map((r) => r.id);
      expect(audit.rows.filter((a) => older.includes(a.transaction_id)).length).toBe(older.length);

      // Undo one pairing: our row gets its old id and fields back (removed: the bank no longer lists
      // that id) and the bank's entry is a row of its own, so the account still equals the bank.
      const pick = audit.rows[0];
      const undone = await pgTransaction((client) => undoReissue(client, pick.id, TEST_ACTOR));
      expect(undone.undone).toBe(true);
      const restored = (await rows(account.id)).find((r) => r.id === pick.transaction_id);
      expect([restored?.external_id, restored?.entry_reference, restored?.removed]).toEqual([
        pick.old_external_id,
        pick.previous.entry_reference,
        true,
      ]);
      await expectEqualToBankAnswer(account.id, after);
      expect((await pgTransaction((client) => undoReissue(client, pick.id, TEST_ACTOR))).undone).toBe(false);
    } finally {
      await resetBankClock();
    }
  });

  it("cancelled: a cancelled pending payment and a new payment of the same amount to the same party are two events", async () => {
    const c = await connectedConsent("cancelled");
    const { account } = await syncedAccount(c);
    const before = await bankAnswer(c.bankId, c.bankConsentId, account.externalId);
    await expectEqualToBankAnswer(account.id, before);
    const attempts = before.filter(
      (e) =>
        e.status === "pending" &&
        e.raw.creditorName === "Garage Verhaegen" &&
        !String(e.raw.remittanceInformationUnstructured).includes("again"),
    );
    expect(attempts.length).toBeGreaterThan(0);

    await advanceBankClock(3);
    try {
      const next = await sync(account.id, c.person.scopeId);
      expect([next.state, next.reissued]).toEqual(["succeeded", 0]);
      const after = await bankAnswer(c.bankId, c.bankConsentId, account.externalId);
      await expectEqualToBankAnswer(account.id, after);
      // The bank cancelled the attempts and made each payment again: same amount, same IBAN, 2 days later.
      const cancelledIds = attempts.map((e) => String(e.raw.transactionId));
      expect(after.some((e) => cancelledIds.includes(String(e.raw.transactionId)))).toBe(false);
      for (const attempt of attempts) {
        const amount = attempt.raw.transactionAmount.amount;
        expect(
          after.filter(
            (e) =>
              e.raw.transactionAmount.amount === amount &&
              String(e.raw.remittanceInformationUnstructured).includes("again"),
          ).length,
        ).toBe(1);
      }
      const ours = await rows(account.id);
      expect(ours.filter((r) => cancelledIds.includes(r.external_id)).map((r) => r.removed)).toEqual(
        cancelledIds.map(() => true),
      );
      expect(await prisma().transactionReissue.count({ where: { accountId: account.id } })).toBe(0);
    } finally {
      await resetBankClock();
    }
  });
});
