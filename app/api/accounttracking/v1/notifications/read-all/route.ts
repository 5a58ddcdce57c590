// POST /api/accounttracking/v1/notifications/read-all — scoped; a person, any role. Marks every
// notification they see in the scope read, for them alone; answers how many were unread.
import { ReadAllSchema } from "@/lib/openapi/schemas/notifications";
import { methods, route, scoped } from "@/lib/api/route";
import { markAllNotificationsRead } from "@/lib/notifications/read";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Notifications", {
  POST: route("markAllNotificationsRead", "Mark all your notifications in the scope read", {
    ...scoped("user", "scope.read"),
    responses: { 200: ReadAllSchema },
    handler: ({ scope, principal, answer }) =>
      answer(markAllNotificationsRead, { scopeId: scope.scopeId, userId: principal.userId }, (marked) => ({
        data: { marked },
      })),
  }),
});
