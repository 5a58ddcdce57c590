// A person's edit of a transaction takes the change feed's account lock before the row's lock, as
// every writer does (lib/changes/lock.ts). The sync holds the account's lock while it writes a page;
// an edit that locked the row first would then wait for the sync's lock while the sync waits for
// its row: a deadlock. Here another session holds the account's lock, as a page in progress does:
// each verb must wait for it without holding the row, so the "sync" can still lock the row.
import { afterAll, describe, expect, it } from "vitest";
import type { PoolClient } from "pg";
import { setTransferOverride } from "@/lib/accounttracking/transactions/transfers";
import { setTransactionNote } from "@/lib/accounttracking/transactions/notes";
import { setTransactionCategory } from "@/lib/categories/set-transaction-category";
import { bindTransaction } from "@/lib/counterparts/transactions";
import { pool } from "@/lib/db/client";
import { TEST_ACTOR } from "@/testing/support/audit";
import { makePerson } from "@/testing/support/fixtures";
import { storedAccount } from "@/testing/support/stored-account";

type Edit = (scopeId: string, transactionId: string) => Promise<unknown>;

const EDITS: Record<string, Edit> = {
  note: (scopeId, transactionId) =>
    setTransactionNote({ scopeId, transactionId, change: { note: "paid back" }, actor: TEST_ACTOR }),
  category: (scopeId, transactionId) =>
    setTransactionCategory({ scopeId, transactionId, categoryId: null, actor: TEST_ACTOR }),
  transfer: (scopeId, transactionId) => setTransferOverride({ scopeId, transactionId, value: true, actor: TEST_ACTOR }),
  counterpart: (scopeId, transactionId) =>
    bindTransaction({ scopeId, transactionId, counterpartId: null, actor: TEST_ACTOR }),
};

let sync: PoolClient | null = null;
afterAll(async () => {
  await sync?.query("ROLLBACK").catch(() => undefined);
  sync?.release();
});

/** Backends of this database waiting for a lock: the verb's, once it waits for the account's. */
async function waitingForALock(): Promise<number> {
  const { rows } = await pool().query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return rows[0].n;
}

describe("a person's edit of a transaction while the sync holds its account's feed lock", () => {
  for (const [field, edit] of Object.entries(EDITS)) {
    it(`${field}: waits for the account's lock without holding the row, then is written`, async () => {
      const person = await makePerson(`lock-order-${field}`);
      const { accountId } = await storedAccount(person, 3);
      const { rows } = await pool().query<{ id: string }>(
        "SELECT id FROM transactions WHERE account_id = $1 ORDER BY sort_date LIMIT 1",
        [accountId],
      );
      const transactionId = rows[0].id;

      // The sync's page: the account's feed lock, held until it commits.
      sync = await pool().connect();
      await sync.query("BEGIN");
      await sync.query("SELECT change_feed_lock($1::uuid, $2::uuid)", [person.scopeId, accountId]);

      const waitingBefore = await waitingForALock();
      const edited = edit(person.scopeId, transactionId);
      const settled = edited.then(
        () => "written",
        (error: unknown) => error,
      );
      await expect.poll(waitingForALock, { timeout: 10_000, interval: 20 }).toBeGreaterThan(waitingBefore);

      // The page goes on to its rows: the edit must not hold this one (NOWAIT fails at once if it does).
      await expect(
        sync.query("SELECT id FROM transactions WHERE id = $1::uuid FOR UPDATE NOWAIT", [transactionId]),
      ).resolves.toMatchObject({ rowCount: 1 });
      await sync.query("COMMIT");
      sync.release();
      sync = null;

      expect(await settled).toBe("written");
    });
  }
});
