// PATCH /api/scopes/v1/members/{userId} — scoped; members.manage: change the role.
// DELETE — scoped; members.manage: remove the member. The last admin cannot be demoted or removed (409).
import { MemberSchema } from "@/lib/openapi/schemas/platform";
import { NO_BODY } from "@/lib/api/responses";
import { methods, route } from "@/lib/api/route";
import { UpdateMemberBody } from "@/lib/scopes/schemas";
import { MEMBER_MANAGE, removeMember, updateMemberRole } from "@/lib/scopes/scopes";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PATCH: route({
    ...MEMBER_MANAGE,
    operationId: "updateMember",
    tag: "Scopes",
    summary: "Change a member's role (a scope always keeps one admin)",
    body: UpdateMemberBody,
    responses: { 200: MemberSchema },
    handler: async ({ db, body, found: member }) => ({ data: await updateMemberRole(db, member, body.role) }),
  }),
  DELETE: route({
    ...MEMBER_MANAGE,
    operationId: "removeMember",
    tag: "Scopes",
    summary: "Remove a member",
    responses: { 204: NO_BODY },
    handler: async ({ db, found: member }) => {
      await removeMember(db, member);
      return { status: 204 };
    },
  }),
});
