// POST /api/accounttracking/v1/users — scoped; a person with accounts.setup (App tokens: 403
// user_context_required). Registers the caller for tracking: 201 the first time, 200 after.
import { TrackingStatusSchema } from "@/lib/openapi/schemas/accounttracking";
import { methods, route, scoped } from "@/lib/api/route";
import { registerForTracking } from "@/lib/accounttracking/registration";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Account tracking", {
  POST: route("registerForTracking", "Register the caller for tracking (201 the first time, 200 after)", {
    ...scoped("user", "accounts.setup"),
    responses: { 201: TrackingStatusSchema, 200: TrackingStatusSchema },
    handler: ({ scope, principal, answer }) =>
      answer(registerForTracking, { scopeId: scope.scopeId, userId: principal.userId }, ({ created, ...data }) => ({
        status: created ? 201 : 200,
        data,
      })),
  }),
});
