// A member's notifications in a scope: the scope's notices for everyone and those for them alone,
// newest first (keyset over (created_at, id)), each with the member's own read state; and how many
// are unread, over every page, for the bell.
import "server-only";
import type { z } from "zod";
import type { Tx } from "@/lib/db/client";
import { query } from "@/lib/db/sql";
import { decodeCursor, pageOf } from "@/lib/pagination";
import type { NotificationsFilter } from "@/lib/notifications/schemas";
import type { NotificationSchema } from "@/lib/openapi/schemas/notifications";

type Row = {
  id: string;
  user_id: string | null;
  kind: string;
  severity: string;
  title: string;
  body: string;
  href: string | null;
  subject_type: string | null;
  subject_id: string | null;
  created_at: Date;
  updated_at: Date;
  resolved_at: Date | null;
  read_at: Date | null;
};

type NotificationData = z.input<typeof NotificationSchema>;

/** The notifications member `$2` sees in scope `$1`: the scope's for everyone, and their own. */
export const VISIBLE_TO_MEMBER = "n.scope_id = $1::uuid AND (n.user_id IS NULL OR n.user_id = $2::uuid)";

/** The member's read of `n`, if any. */
const READ_JOIN = "LEFT JOIN notification_reads r ON r.notification_id = n.id AND r.user_id = $2::uuid";

function serialize(r: Row): NotificationData {
  return {
    id: r.id,
    // Written only through notify(), whose types hold kind and severity to their lists.
    kind: r.kind as NotificationData["kind"],
    severity: r.severity as NotificationData["severity"],
    title: r.title,
    body: r.body,
    href: r.href,
    subject: r.subject_type && r.subject_id ? { type: r.subject_type, id: r.subject_id } : null,
    forEveryone: r.user_id === null,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    resolvedAt: r.resolved_at?.toISOString() ?? null,
    readAt: r.read_at?.toISOString() ?? null,
  };
}

export async function listNotifications(db: Tx, scopeId: string, userId: string, q: NotificationsFilter) {
  const list = { name: `notifications:${scopeId}:${userId}`, filters: { read: q["filter[read]"] } };
  const after = decodeCursor(list, q.cursor, 2);
  const read = q["filter[read]"] === undefined ? null : q["filter[read]"] === "true";
  const rows = await query<Row>(
    db,
    `SELECT n.id, n.user_id, n.kind, n.severity, n.title, n.body, n.href, n.subject_type, n.subject_id,
            n.created_at, n.updated_at, n.resolved_at, r.read_at
       FROM notifications n ${READ_JOIN}
      WHERE ${VISIBLE_TO_MEMBER}
        AND ($3::boolean IS NULL OR (r.read_at IS NOT NULL) = $3::boolean)
        AND ($4::timestamptz IS NULL OR (n.created_at, n.id) < ($4::timestamptz, $5::uuid))
      ORDER BY n.created_at DESC, n.id DESC
      LIMIT $6`,
    scopeId,
    userId,
    read,
    after ? String(after[0]) : null,
    after ? String(after[1]) : null,
    q.perPage + 1,
  );
  const [{ unread }] = await query<{ unread: number }>(
    db,
    `SELECT count(*)::int AS unread FROM notifications n ${READ_JOIN} WHERE ${VISIBLE_TO_MEMBER} AND r.read_at IS NULL`,
    scopeId,
    userId,
  );
  const page = pageOf(list, rows, q.perPage, (r) => [r.created_at.toISOString(), r.id]);
  return { data: page.items.map(serialize), meta: { ...page.meta, unreadCount: unread } };
}
