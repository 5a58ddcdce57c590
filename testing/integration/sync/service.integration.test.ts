// createRun's race, made to happen deterministically: another transaction has inserted the
// account's active run but not committed; ours must wait for it, recover by reading the winner's run,
// and go on using its transaction (a unique violation would have aborted it: 25P02 on the next read).
import { describe, expect, it } from "vitest";
import { pool, prisma } from "@/lib/db/client";
import { createRun } from "@/lib/sync/service";
import { insertTrackedAccounts } from "@/testing/support/sync/accounts";
import { makePerson } from "@/testing/support/fixtures";

describe("createRun under a race", () => {
  it("the loser waits for the winner's commit, returns its run, and its own transaction stays usable", async () => {
    const p = await makePerson("race");
    const [accountId] = await insertTrackedAccounts(p.scopeId, p.userId, [{ bankId: "sbx-be-01" }]);
    const winner = await pool().connect();
    try {
      await winner.query("BEGIN");
      const { rows } = await winner.query<{ id: string }>(
        `INSERT INTO sync_runs (id, scope_id, account_id, trigger, attended) VALUES (gen_random_uuid(), $1, $2, 'manual', true)
         RETURNING id`,
        [p.scopeId, accountId],
      );
      const loser = prisma().$transaction(async (tx) => {
        const result = await createRun(tx, {
          scopeId: p.scopeId,
          accountId,
          trigger: "manual",
          attended: true,
          psuIpAddress: "192.0.2.1",
        });
        // The transaction goes on after the recovery, as a route's would (idempotency record, …).
        const runs = await tx.syncRun.count({ where: { accountId } });
        return { ...result, runs };
      });
      // The loser's INSERT waits on the winner's uncommitted index entry.
      await expect
        .poll(async () => {
          const { rows: waiting } = await pool().query(
            "SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE '%INSERT INTO%sync_runs%'",
          );
          return waiting.length;
        })
        .toBe(1);
      await winner.query("COMMIT");
      const outcome = await loser;
      expect([outcome.created, outcome.run.id, outcome.runs]).toEqual([false, rows[0].id, 1]);
    } finally {
      winner.release();
    }
  });
});
