// Retention: what grows with every request or sync and is only needed for a while is purged by an
// hourly pg-boss job (RETENTION_QUEUE), in bounded batches so no delete holds locks for long.
//   - idempotency keys past their 24 h expiry (never one whose request still holds its lock);
//   - rate-limit counters whose window ended more than an hour ago;
//   - PSD2 bank-access records older than 24 h (the budget only counts the last 24 h; a margin of
//     one hour keeps a reservation being counted right now);
//   - finished sync runs beyond the newest SYNC_RUNS_KEPT per account, except runs that paired
//     re-issued ids (transaction_reissues points at them, for audit and undo). Queued or running
//     runs are never touched;
//   - what runs saw (sync_run_pages, lib/sync/ingest.ts) once the run is neither queued nor running
//     (its end deletes them; this catches a worker that died in between and runs gone with their account);
//   - stats versions (lib/accounttracking/accounts/stats-cache.ts) of accounts and scopes that no longer exist
//     (ids are fresh UUIDs, so a version row never predates its subject);
//   - audit events past AUDIT_RETENTION_DAYS (lib/audit/retention.ts: the append-only table lets only that purge delete);
//   - change-feed tombstones past CHANGE_FEED_RETENTION_DAYS (lib/changes/retention.ts);
//   - webhook messages done and older than 30 days (lib/webhooks/retention.ts).
import { purgeAuditEvents } from "@/lib/audit/retention";
import { purgeChangeFeed } from "@/lib/changes/retention";
import { purgeWebhookMessages } from "@/lib/webhooks/retention";
import { pool } from "@/lib/db/client";
import { purgeOrphanUploads } from "@/lib/statements/import/upload";
import { env } from "@/lib/env";
import { runSql } from "@/lib/sync/run-lifecycle";

type StatementCounts = {
  idempotencyKeys: number;
  rateLimits: number;
  bankAccesses: number;
  syncRuns: number;
  syncRunPages: number;
  statsVersions: number;
};
type RetentionCounts = StatementCounts & {
  auditEvents: number;
  changeTombstones: number;
  webhookMessages: number;
  statementUploads: number;
};

const BATCH = 5_000;

type Params = (now: Date, runsKept: number) => unknown[];
const byTime: Params = (now) => [now];
const byRunsKept: Params = (_now, runsKept) => [runsKept];
const none: Params = () => [];

/** Each kind's statement and its parameters. */
const STATEMENTS: Record<keyof StatementCounts, { sql: string; params: Params }> = {
  idempotencyKeys: {
    params: byTime,
    sql: `DELETE FROM idempotency_keys WHERE ctid = ANY (ARRAY(
      SELECT ctid FROM idempotency_keys WHERE expires_at < $1::timestamptz AND (state <> 'in_flight' OR locked_until < $1::timestamptz) LIMIT ${BATCH}))`,
  },
  rateLimits: {
    params: byTime,
    sql: `DELETE FROM rate_limits WHERE ctid = ANY (ARRAY(
      SELECT ctid FROM rate_limits WHERE expire IS NOT NULL AND expire < (extract(epoch FROM $1::timestamptz) * 1000 - 3600000) LIMIT ${BATCH}))`,
  },
  bankAccesses: {
    params: byTime,
    sql: `DELETE FROM bank_accesses WHERE id = ANY (ARRAY(
      SELECT id FROM bank_accesses WHERE at < $1::timestamptz - interval '25 hours' LIMIT ${BATCH}))`,
  },
  syncRuns: {
    params: byRunsKept,
    sql: `DELETE FROM sync_runs WHERE id = ANY (ARRAY(
      SELECT id FROM (
        SELECT r.id, row_number() OVER (PARTITION BY r.account_id ORDER BY r.created_at DESC, r.id DESC) AS newest
          FROM sync_runs r WHERE ${runSql.ended("r")}
      ) ranked
      WHERE newest > $1::int AND NOT EXISTS (SELECT 1 FROM transaction_reissues x WHERE x.run_id = ranked.id)
      LIMIT ${BATCH}))`,
  },
  syncRunPages: {
    params: none,
    sql: `DELETE FROM sync_run_pages WHERE id = ANY (ARRAY(
      SELECT p.id FROM sync_run_pages p
       WHERE NOT EXISTS (SELECT 1 FROM sync_runs r WHERE r.id = p.run_id AND ${runSql.active("r")})
       LIMIT ${BATCH}))`,
  },
  statsVersions: {
    params: none,
    sql: `DELETE FROM stats_versions WHERE subject_id = ANY (ARRAY(
      SELECT v.subject_id FROM stats_versions v
       WHERE NOT EXISTS (SELECT 1 FROM tracked_accounts a WHERE a.id = v.subject_id)
         AND NOT EXISTS (SELECT 1 FROM scopes s WHERE s.id = v.subject_id)
       LIMIT ${BATCH}))`,
  },
};

/** Purges everything past its retention; returns how many rows of each kind went. */
export async function purgeExpired(
  now: Date = new Date(),
  runsKept: number = env.SYNC_RUNS_KEPT,
): Promise<RetentionCounts> {
  const counts: StatementCounts = {
    idempotencyKeys: 0,
    rateLimits: 0,
    bankAccesses: 0,
    syncRuns: 0,
    syncRunPages: 0,
    statsVersions: 0,
  };
  for (const kind of Object.keys(STATEMENTS) as (keyof StatementCounts)[]) {
    const { sql, params } = STATEMENTS[kind];
    for (;;) {
      const { rowCount } = await pool().query(sql, params(now, runsKept));
      counts[kind] += rowCount ?? 0;
      if ((rowCount ?? 0) < BATCH) break;
    }
  }
  return {
    ...counts,
    auditEvents: await purgeAuditEvents(now),
    changeTombstones: await purgeChangeFeed(now),
    webhookMessages: await purgeWebhookMessages(now),
    // The bytes of uploads no import holds (a duplicate, a refusal, a crash mid-upload), after an hour.
    statementUploads: await purgeOrphanUploads(),
  };
}
