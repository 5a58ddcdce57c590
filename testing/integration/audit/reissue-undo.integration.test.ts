// Undoing a re-issue pairing (the sandbox `reissue` user re-issues every id a day later) is a
// person's change: one audit row in the undo's own transaction, with the bank ids before → after;
// an undo refused (already undone) or rolled back writes none.
import { describe, expect, it } from "vitest";
import { pgTransaction, pool, prisma } from "@/lib/db/client";
import { undoReissue } from "@/lib/sync/reissue-undo";
import { personActor } from "@/testing/support/audit";
import { advanceBankClock, connectedConsent, resetBankClock, syncedAccount } from "@/testing/support/bank-flow";
import { withSandboxBank } from "@/testing/support/sandbox-server";
import { syncOnce } from "@/testing/support/sync-runs";

withSandboxBank();

describe("audit of a re-issue undo", () => {
  it("records the undo once, with the bank ids it swapped back", async () => {
    const c = await connectedConsent("reissue");
    const { account } = await syncedAccount(c);
    await advanceBankClock(1);
    try {
      expect((await syncOnce(account.id, c.person.scopeId)).reissued).toBeGreaterThan(1);
      const { rows } = await pool().query<{
        id: string;
        transaction_id: string;
        old_external_id: string;
        new_external_id: string;
      }>(
        "SELECT id, transaction_id, old_external_id, new_external_id FROM transaction_reissues WHERE account_id = $1 ORDER BY matched_at, id",
        [account.id],
      );
      const [pick, other] = rows;
      const actor = personActor(c.person.userId, "undo-request");

      await expect(
        pgTransaction(async (client) => {
          await undoReissue(client, other.id, actor);
          throw new Error("rolled back");
        }),
      ).rejects.toThrow("rolled back");
      expect(await prisma().auditEvent.count({ where: { recordId: other.transaction_id } })).toBe(0);

      expect((await pgTransaction((client) => undoReissue(client, pick.id, actor))).undone).toBe(true);
      expect((await pgTransaction((client) => undoReissue(client, pick.id, actor))).undone).toBe(false);
      const trail = await prisma().auditEvent.findMany({ where: { recordId: pick.transaction_id } });
      expect(
        trail.map((e) => [e.scopeId, e.action, e.actorKind, e.actorUserId, e.requestId, e.before, e.after]),
      ).toEqual([
        [
          c.person.scopeId,
          "transaction.reissue_undone",
          "session",
          c.person.userId,
          "undo-request",
          { externalId: pick.new_external_id, removed: false, newTransactionId: null },
          { externalId: pick.old_external_id, removed: true, newTransactionId: expect.any(String) as string },
        ],
      ]);
    } finally {
      await resetBankClock();
    }
  });
});
