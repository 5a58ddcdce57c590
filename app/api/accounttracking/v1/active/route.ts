// GET /api/accounttracking/v1/active — scoped; a person. Whether they are registered for account
// tracking in this scope: {active, activatedAt}.
import { methods, route } from "@/lib/api/route";
import { trackingStatus } from "@/lib/accounttracking/registration";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({
    auth: "user",
    scoped: true,
    capability: "accounts.read",
    handler: async ({ db, scope, principal }) => ({ data: await trackingStatus(db, scope.scopeId, principal.userId) }),
  }),
});
