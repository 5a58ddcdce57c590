// GET /api/accounttracking/v1/active — scoped; a person. Whether they are registered for account
// tracking in this scope: {active, activatedAt}.
import { TrackingStatusSchema } from "@/lib/openapi/schemas/accounttracking";
import { methods, route, scoped } from "@/lib/api/route";
import { trackingStatus } from "@/lib/accounttracking/registration";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Account tracking", {
  GET: route("getTrackingStatus", "Is the caller registered for tracking in this scope?", {
    ...scoped("user", "accounts.read"),
    responses: { 200: TrackingStatusSchema },
    handler: async ({ db, scope, principal }) => ({ data: await trackingStatus(db, scope.scopeId, principal.userId) }),
  }),
});
