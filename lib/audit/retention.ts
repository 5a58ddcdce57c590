// The audit trail's retention: rows older than AUDIT_RETENTION_DAYS are purged by the hourly
// retention job (lib/sync/retention.ts), in bounded batches. The table refuses every DELETE (its
// append-only trigger, migration audit_events) unless the transaction marks itself as this purge
// with the transaction-local setting ledgerlink.audit_purge; nothing else in the product sets it.
import "server-only";
import { pgTransaction } from "@/lib/db/client";
import { env } from "@/lib/env";

const BATCH = 5_000;

const PURGE = `DELETE FROM audit_events WHERE seq = ANY (ARRAY(
  SELECT seq FROM audit_events WHERE occurred_at < $1::timestamptz - make_interval(days => $2::int) LIMIT ${BATCH}))`;

/** Deletes the rows past retention; returns how many went. */
export async function purgeAuditEvents(now: Date = new Date(), days: number = env.AUDIT_RETENTION_DAYS) {
  let purged = 0;
  for (;;) {
    const count = await pgTransaction(async (client) => {
      await client.query("SELECT set_config('ledgerlink.audit_purge', 'on', true)");
      const { rowCount } = await client.query(PURGE, [now, days]);
      return rowCount ?? 0;
    });
    purged += count;
    if (count < BATCH) return purged;
  }
}
