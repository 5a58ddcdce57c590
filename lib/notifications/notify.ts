// What a person is told in the app, written in the transaction of the change it reports (as the
// webhook outbox is): a sync failing again and again, access ending soon, a recurring payment late,
// a rule that failed. One row per condition and scope (`dedupeKey`, e.g. `sync.failing:<accountId>`):
// telling again refreshes the row's words and brings it back if it was resolved, and never piles up
// a second row. `resolveNotification` marks a condition cleared (the sync succeeded, the access was
// renewed). Each notification says what happened and what to do, with a link (`href`).
import "server-only";
import { rows, type SqlDb } from "@/lib/db/sql";

export const NOTIFICATION_KINDS = ["sync.failing", "consent.ending", "recurring.late", "rule.failed"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

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

const NOTIFY = `
INSERT INTO notifications (id, scope_id, user_id, kind, severity, title, body, href, subject_type, subject_id, dedupe_key)
VALUES (gen_random_uuid(), $1::uuid, $2::uuid, $3, $4, $5, $6, $7, $8, $9, $10)
ON CONFLICT (scope_id, dedupe_key) DO UPDATE
   SET severity = EXCLUDED.severity, title = EXCLUDED.title, body = EXCLUDED.body, href = EXCLUDED.href,
       updated_at = now(), resolved_at = NULL
RETURNING id`;

/** Tells the scope's members (or one of them) in `db`'s transaction; answers the notification's id. */
export async function notify(db: SqlDb, scopeId: string, notice: Notice): Promise<string> {
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
