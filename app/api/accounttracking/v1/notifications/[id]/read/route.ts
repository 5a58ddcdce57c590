// POST /api/accounttracking/v1/notifications/{id}/read — scoped; a person, any role. Marks one of
// their notifications read for them alone (other members' read state is their own). Another
// scope's, another member's or an unknown id is 404. Answers 204.
import { NO_BODY } from "@/lib/api/responses";
import { methods, route, scoped } from "@/lib/api/route";
import { markNotificationRead } from "@/lib/notifications/read";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Notifications", {
  POST: route("markNotificationRead", "Mark a notification read (for you)", {
    ...scoped("user", "scope.read"),
    uuidParams: ["id"],
    responses: { 204: NO_BODY },
    handler: ({ scope, principal, params, answer }) =>
      answer(
        markNotificationRead,
        { scopeId: scope.scopeId, userId: principal.userId, notificationId: params.id },
        () => ({ status: 204 }),
      ),
  }),
});
