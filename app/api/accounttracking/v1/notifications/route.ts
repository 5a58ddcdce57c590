// GET /api/accounttracking/v1/notifications — scoped; a person, any role (viewers too). What the
// product tells this member in this scope (the scope's notices for everyone and theirs alone),
// newest first, keyset-paginated, each with the member's own read state; meta.unreadCount counts
// the unread ones over every page (the bell). filter[read]=true|false narrows to read or unread.
import { methods, route, scoped } from "@/lib/api/route";
import { withMeta } from "@/lib/api/responses";
import { listNotifications } from "@/lib/notifications/list";
import { ListNotificationsQuery } from "@/lib/notifications/schemas";
import { NotificationSchema, NotificationsMetaSchema } from "@/lib/openapi/schemas/notifications";
import { z } from "zod";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Notifications", {
  GET: route("listNotifications", "List your notifications in the scope, newest first", {
    description:
      "Each says what happened, what to do, and where (`href`). A condition that cleared keeps its notification with `resolvedAt`. Read state is each member's own.",
    ...scoped("user", "scope.read"),
    query: ListNotificationsQuery,
    responses: { 200: withMeta(z.array(NotificationSchema), NotificationsMetaSchema) },
    handler: async ({ db, scope, principal, query }) => listNotifications(db, scope.scopeId, principal.userId, query),
  }),
});
