// Our stored rows of an account against what a local fake bank holds (its totals: counts per status,
// sum per currency, the ids it sends), and a sync run started as a person or the scheduler would.
import { expect } from "vitest";
import { pool, prisma } from "@/lib/db/client";
import { executeRun } from "@/lib/sync/runner";
import { createRun } from "@/lib/sync/service";

export type FakeTotals = { booked: number; pending: number; sumByCurrency: Record<string, string>; ids: string[] };
type Ours = { booked: number; pending: number; duplicates: number; sums: Record<string, string>; ids: string[] };

export async function storedTotals(accountId: string): Promise<Ours> {
  const live = "FROM transactions WHERE account_id = $1 AND removed_at IS NULL";
  const counts = await pool().query<{ booked: number; pending: number; duplicates: number }>(
    `SELECT count(*) FILTER (WHERE status = 'booked')::int AS booked, count(*) FILTER (WHERE status = 'pending')::int AS pending,
            (count(*) - count(DISTINCT external_id))::int AS duplicates ${live}`,
    [accountId],
  );
  const sums = await pool().query<{ currency: string; sum: string }>(
    `SELECT currency, sum(amount)::numeric(20,2)::text AS sum ${live} GROUP BY currency`,
    [accountId],
  );
  const ids = await pool().query<{ external_id: string }>(
    `SELECT external_id ${live} AND external_id NOT LIKE 'syn_%' ORDER BY external_id`,
    [accountId],
  );
  return {
    ...counts.rows[0],
    sums: Object.fromEntries(sums.rows.map((r) => [r.currency, r.sum])),
    ids: ids.rows.map((r) => r.external_id).sort(),
  };
}

export async function expectStoredEqualTo(accountId: string, theirs: FakeTotals | null) {
  const mine = await storedTotals(accountId);
  expect(theirs).not.toBeNull();
  expect(mine.duplicates).toBe(0);
  expect({ booked: mine.booked, pending: mine.pending, sums: mine.sums, ids: mine.ids }).toEqual({
    booked: theirs?.booked,
    pending: theirs?.pending,
    sums: theirs?.sumByCurrency,
    ids: theirs?.ids,
  });
}

/** A sync run of the account, attended (a person present) or scheduled, executed here. */
export async function syncOnce(accountId: string, scopeId: string, attended = true) {
  const { run: created } = await createRun(prisma(), {
    scopeId,
    accountId,
    trigger: attended ? "manual" : "scheduled",
    attended,
    psuIpAddress: attended ? "192.0.2.1" : null,
  });
  await executeRun(created.id, "test-worker");
  return prisma().syncRun.findUniqueOrThrow({ where: { id: created.id } });
}

/** Executes an existing run (the first sync that tracking queued). */
export async function executeOnce(runId: string) {
  await executeRun(runId, "test-worker");
  return prisma().syncRun.findUniqueOrThrow({ where: { id: runId } });
}
