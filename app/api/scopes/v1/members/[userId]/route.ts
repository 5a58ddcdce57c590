// PATCH /api/scopes/v1/members/{userId} — scoped; members.manage: change the role.
// DELETE — scoped; members.manage: remove the member. The last admin cannot be demoted or removed (409).
import { MEMBER_MANAGE } from "@/lib/api/records";
import { MemberSchema } from "@/lib/openapi/schemas/platform";
import { NO_BODY } from "@/lib/api/responses";
import { methods, route } from "@/lib/api/route";
import { auditActor } from "@/lib/audit/actor";
import { UpdateMemberBody } from "@/lib/scopes/schemas";
import { removeMember, updateMemberRole } from "@/lib/scopes/scopes";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Scopes", {
  PATCH: route("updateMember", "Change a member's role (a scope always keeps one admin)", {
    ...MEMBER_MANAGE,
    body: UpdateMemberBody,
    responses: { 200: MemberSchema },
    handler: async ({ db, body, principal, requestId, found: member }) => ({
      data: await updateMemberRole(db, member, body.role, auditActor(principal, requestId)),
    }),
  }),
  DELETE: route("removeMember", "Remove a member", {
    ...MEMBER_MANAGE,
    responses: { 204: NO_BODY },
    handler: async ({ db, principal, requestId, found: member }) => {
      await removeMember(db, member, auditActor(principal, requestId));
      return { status: 204 };
    },
  }),
});
