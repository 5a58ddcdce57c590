// PATCH /api/scopes/v1/members/{userId} — scoped; members.manage: change the role.
// DELETE — scoped; members.manage: remove the member. The last admin cannot be demoted or removed (409).
import { methods, route } from "@/lib/api/route";
import { UpdateMemberBody } from "@/lib/scopes/schemas";
import { findMember, removeMember, updateMemberRole } from "@/lib/scopes/scopes";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PATCH: route({
    auth: "user",
    scoped: true,
    uuidParams: ["userId"],
    body: UpdateMemberBody,
    handler: async ({ db, scope, params, body, authorize }) => {
      await findMember(db, scope.scopeId, params.userId);
      authorize("members.manage");
      return { data: await updateMemberRole(db, scope.scopeId, params.userId, body.role) };
    },
  }),
  DELETE: route({
    auth: "user",
    scoped: true,
    uuidParams: ["userId"],
    handler: async ({ db, scope, params, authorize }) => {
      await findMember(db, scope.scopeId, params.userId);
      authorize("members.manage");
      await removeMember(db, scope.scopeId, params.userId);
      return { status: 204 };
    },
  }),
});
