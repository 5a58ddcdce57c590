// PATCH /api/scopes/v1/members/{userId} — scoped; members.manage: change the role.
// DELETE — scoped; members.manage: remove the member. The last admin cannot be demoted or removed (409).
import { MEMBER_MANAGE } from "@/lib/api/records";
import { MemberSchema } from "@/lib/openapi/schemas/platform";
import { NO_BODY } from "@/lib/api/responses";
import { methods, route } from "@/lib/api/route";
import { UpdateMemberBody } from "@/lib/scopes/schemas";
import { removeMember, updateMemberRole } from "@/lib/scopes/scopes";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Scopes", {
  PATCH: route("updateMember", "Change a member's role (a scope always keeps one admin)", {
    ...MEMBER_MANAGE,
    body: UpdateMemberBody,
    responses: { 200: MemberSchema },
    handler: ({ body, found: member, actor, answer }) =>
      answer(updateMemberRole, { member, role: body.role, actor }, (updated) => ({ data: updated })),
  }),
  DELETE: route("removeMember", "Remove a member", {
    ...MEMBER_MANAGE,
    responses: { 204: NO_BODY },
    handler: ({ found: member, actor, answer }) => answer(removeMember, { member, actor }, () => ({ status: 204 })),
  }),
});
