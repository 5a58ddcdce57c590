// GET /api/scopes/v1/members — scoped; any member. POST — scoped; members.manage (admin):
// adds an existing account by email with a role (admin, member, viewer).
import { MemberSchema } from "@/lib/openapi/schemas/platform";
import { z } from "zod";
import { methods, route, scoped } from "@/lib/api/route";
import { AddMemberBody } from "@/lib/scopes/schemas";
import { addMember, listMembers } from "@/lib/scopes/scopes";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Scopes", {
  GET: route("listMembers", "List the scope's members", {
    ...scoped("any", "scope.read"),
    responses: { 200: z.array(MemberSchema) },
    handler: async ({ db, scope }) => ({ data: await listMembers(db, scope.scopeId) }),
  }),
  POST: route("addMember", "Add an existing account to the scope", {
    ...scoped("user", "members.manage"),
    body: AddMemberBody,
    responses: { 201: MemberSchema },
    handler: ({ scope, body, actor, answer }) =>
      answer(addMember, { ...body, scopeId: scope.scopeId, actor }, (member) => ({ status: 201, data: member })),
  }),
});
