// Automatic updates: accounts whose next update is due get an unattended run, at most
// autoUpdatesPerDay (≤ 3) a day, so one of PSD2's 4 daily unattended accesses stays free for a retry.
import { pool } from "@/lib/db/client";
import { MAX_SCHEDULED_PER_DAY } from "@/lib/sync/budget";
import { enqueueRun } from "@/lib/sync/queue";

/** The next update after `from`: the day split evenly into autoUpdatesPerDay slots. */
export function nextUpdateAt(from: Date, perDay: number): Date | null {
  if (perDay <= 0) return null;
  return new Date(from.getTime() + (24 * 3600 * 1000) / Math.min(perDay, MAX_SCHEDULED_PER_DAY));
}

export async function scheduleDueSyncs(now = new Date()): Promise<number> {
  const { rows } = await pool().query<{ id: string; scope_id: string; auto_updates_per_day: number }>(
    `SELECT a.id, a.scope_id, a.auto_updates_per_day FROM tracked_accounts a JOIN consents c ON c.id = a.consent_id
      WHERE a.auto_updates_per_day > 0 AND a.next_scheduled_at <= $1 AND c.status = 'valid'
        AND NOT EXISTS (SELECT 1 FROM sync_runs r WHERE r.account_id = a.id AND r.state IN ('queued', 'running'))
      ORDER BY a.next_scheduled_at LIMIT 100`,
    [now],
  );
  let scheduled = 0;
  for (const account of rows) {
    const client = await pool().connect();
    try {
      await client.query("BEGIN");
      // Re-check under the account's row lock so two schedulers never both schedule it.
      const due = await client.query(
        "SELECT 1 FROM tracked_accounts WHERE id = $1 AND next_scheduled_at <= $2 FOR UPDATE SKIP LOCKED",
        [account.id, now],
      );
      if (due.rowCount !== 1) {
        await client.query("ROLLBACK");
        continue;
      }
      const run = await client.query<{ id: string }>(
        `INSERT INTO sync_runs (id, scope_id, account_id, trigger, attended) VALUES (gen_random_uuid(), $1, $2, 'scheduled', false)
         ON CONFLICT DO NOTHING RETURNING id`,
        [account.scope_id, account.id],
      );
      await client.query("UPDATE tracked_accounts SET next_scheduled_at = $2 WHERE id = $1", [
        account.id,
        nextUpdateAt(now, account.auto_updates_per_day),
      ]);
      await client.query("COMMIT");
      if (run.rows[0]) {
        await enqueueRun(run.rows[0].id);
        scheduled += 1;
      }
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
  return scheduled;
}

/** Runs of dead workers (no heartbeat) and queued runs whose job was lost are queued again. */
export async function sweepStaleRuns(staleSeconds: number): Promise<number> {
  const { rows } = await pool().query<{ id: string }>(
    `SELECT id FROM sync_runs
      WHERE (state = 'running' AND heartbeat_at < now() - make_interval(secs => $1))
         OR (state = 'queued' AND coalesce(not_before, created_at) < now() - make_interval(secs => $1))`,
    [staleSeconds],
  );
  for (const row of rows) await enqueueRun(row.id);
  return rows.length;
}
