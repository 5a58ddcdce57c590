// GET /api/scopes/v1/members — scoped; any member. POST — scoped; members.manage (admin):
// adds an existing account by email with a role (admin, member, viewer).
import { MemberSchema } from "@/lib/openapi/schemas/platform";
import { z } from "zod";
import { methods, route } from "@/lib/api/route";
import { AddMemberBody } from "@/lib/scopes/schemas";
import { addMember, listMembers } from "@/lib/scopes/scopes";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({
    operationId: "listMembers",
    tag: "Scopes",
    summary: "List the scope's members",
    auth: "any",
    scoped: true,
    capability: "scope.read",
    responses: { 200: z.array(MemberSchema) },
    handler: async ({ db, scope }) => ({ data: await listMembers(db, scope.scopeId) }),
  }),
  POST: route({
    operationId: "addMember",
    tag: "Scopes",
    summary: "Add an existing account to the scope",
    auth: "user",
    scoped: true,
    capability: "members.manage",
    body: AddMemberBody,
    responses: { 201: MemberSchema },
    handler: async ({ db, scope, body }) => ({ status: 201, data: await addMember(db, scope.scopeId, body) }),
  }),
});
