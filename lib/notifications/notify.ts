// What a person is told in the app, written in the transaction of the change it reports (as the
// webhook outbox is): a sync failing again and again, access ending soon, a recurring payment late,
// a rule that failed. One row per condition and scope (`dedupeKey`, e.g. `sync.failing:<accountId>`):
// telling again refreshes the row's words and brings it back if it was resolved, and never piles up
// a second row. `resolveNotification` marks a condition cleared (the sync succeeded, the access was
// renewed). Each notification says what happened and what to do, with a link (`href`).
// Telling a resolved condition again is a new occurrence: it moves to the top of the list
// (created_at) and comes back unread for every member (its reads are deleted); telling an open one
// again only refreshes its words, so a sync that keeps failing does not ring the bell on each run.
import "server-only";
import { rows, type SqlDb } from "@/lib/db/sql";
import type { NotificationKind } from "@/lib/notifications/kinds";

export { NOTIFICATION_KINDS, type NotificationKind } from "@/lib/notifications/kinds";

export type Notice = {
  kind: NotificationKind;
  dedupeKey: string;
  severity?: "info" | "warning" | "error";
  /** What happened, in a person's words ("Sync of Main account failed 3 times in a row"). */
  title: string;
  /** What to do about it. */
  body: string;
  href?: string | null;
  subject?: { type: string; id: string } | null;
  /** Only this member; otherwise every member of the scope. */
  userId?: string | null;
};

const FORGET_READS_OF_RESOLVED = `
DELETE FROM notification_reads r USING notifications n
 WHERE r.notification_id = n.id AND n.scope_id = $1::uuid AND n.dedupe_key = $2 AND n.resolved_at IS NOT NULL`;

const NOTIFY = `
INSERT INTO notifications (id, scope_id, user_id, kind, severity, title, body, href, subject_type, subject_id, dedupe_key)
VALUES (gen_random_uuid(), $1::uuid, $2::uuid, $3, $4, $5, $6, $7, $8, $9, $10)
ON CONFLICT (scope_id, dedupe_key) DO UPDATE
   SET severity = EXCLUDED.severity, title = EXCLUDED.title, body = EXCLUDED.body, href = EXCLUDED.href,
       updated_at = now(), resolved_at = NULL,
       created_at = CASE WHEN notifications.resolved_at IS NULL THEN notifications.created_at ELSE now() END
RETURNING id`;

/** Tells the scope's members (or one of them) in `db`'s transaction; answers the notification's id. */
export async function notify(db: SqlDb, scopeId: string, notice: Notice): Promise<string> {
  await rows(db, FORGET_READS_OF_RESOLVED, [scopeId, notice.dedupeKey]);
  const [row] = await rows<{ id: string }>(db, NOTIFY, [
    scopeId,
    notice.userId ?? null,
    notice.kind,
    notice.severity ?? "warning",
    notice.title,
    notice.body,
    notice.href ?? null,
    notice.subject?.type ?? null,
    notice.subject?.id ?? null,
    notice.dedupeKey,
  ]);
  return row.id;
}

/** The condition cleared: its notification (if any) is marked resolved; false when there was none open. */
export async function resolveNotification(db: SqlDb, scopeId: string, dedupeKey: string): Promise<boolean> {
  const done = await rows<{ id: string }>(
    db,
    `UPDATE notifications SET resolved_at = now(), updated_at = now()
      WHERE scope_id = $1::uuid AND dedupe_key = $2 AND resolved_at IS NULL RETURNING id`,
    [scopeId, dedupeKey],
  );
  return done.length > 0;
}
