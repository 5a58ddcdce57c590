// PATCH /api/scopes/v1/members/{userId} — scoped; members.manage: change the role.
// DELETE — scoped; members.manage: remove the member. The last admin cannot be demoted or removed (409).
import { MemberSchema } from "@/lib/openapi/schemas/platform";
import { NO_BODY } from "@/lib/api/responses";
import { methods, route } from "@/lib/api/route";
import { UpdateMemberBody } from "@/lib/scopes/schemas";
import { findMember, removeMember, updateMemberRole } from "@/lib/scopes/scopes";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PATCH: route({
    operationId: "updateMember",
    tag: "Scopes",
    summary: "Change a member's role (a scope always keeps one admin)",
    auth: "user",
    scoped: true,
    capability: "members.manage",
    afterLookup: true,
    uuidParams: ["userId"],
    body: UpdateMemberBody,
    responses: { 200: MemberSchema },
    handler: async ({ db, scope, params, body, authorize }) => {
      await findMember(db, scope.scopeId, params.userId);
      authorize("members.manage");
      return { data: await updateMemberRole(db, scope.scopeId, params.userId, body.role) };
    },
  }),
  DELETE: route({
    operationId: "removeMember",
    tag: "Scopes",
    summary: "Remove a member",
    auth: "user",
    scoped: true,
    capability: "members.manage",
    afterLookup: true,
    uuidParams: ["userId"],
    responses: { 204: NO_BODY },
    handler: async ({ db, scope, params, authorize }) => {
      await findMember(db, scope.scopeId, params.userId);
      authorize("members.manage");
      await removeMember(db, scope.scopeId, params.userId);
      return { status: 204 };
    },
  }),
});
