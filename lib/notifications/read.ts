// A member marks notifications read: one (another member's read state is untouched), or every one
// they see in the scope. Read state is a row per member (notification_reads); marking again keeps
// the first time it was read.
import "server-only";
import type { Tx } from "@/lib/db/client";
import type { Commit } from "@/lib/db/transaction";
import { transaction } from "@/lib/db/transaction";
import { execute, query } from "@/lib/db/sql";
import { notFound } from "@/lib/errors";
import { VISIBLE_TO_MEMBER } from "@/lib/notifications/list";

type Member = { scopeId: string; userId: string };

/** Marks one notification read for the member; 404 when it is not one they see in this scope. */
export function markNotificationRead({
  commit = transaction,
  ...input
}: Member & { notificationId: string; commit?: Commit<string> }): Promise<string> {
  return commit(async (tx: Tx) => {
    const [found] = await query<{ id: string }>(
      tx,
      `INSERT INTO notification_reads (notification_id, user_id)
       SELECT n.id, $2::uuid FROM notifications n WHERE ${VISIBLE_TO_MEMBER} AND n.id = $3::uuid
       ON CONFLICT (notification_id, user_id) DO UPDATE SET read_at = notification_reads.read_at
       RETURNING notification_id AS id`,
      input.scopeId,
      input.userId,
      input.notificationId,
    );
    if (!found) throw notFound("Notification");
    return found.id;
  });
}

/** Marks every notification the member sees in the scope read; answers how many were unread. */
export function markAllNotificationsRead({
  commit = transaction,
  ...input
}: Member & { commit?: Commit<number> }): Promise<number> {
  return commit((tx: Tx) =>
    execute(
      tx,
      `INSERT INTO notification_reads (notification_id, user_id)
       SELECT n.id, $2::uuid FROM notifications n WHERE ${VISIBLE_TO_MEMBER}
       ON CONFLICT (notification_id, user_id) DO NOTHING`,
      input.scopeId,
      input.userId,
    ),
  );
}
