// GET /api/scopes/v1/members — scoped; any member. POST — scoped; members.manage (admin):
// adds an existing account by email with a role (admin, member, viewer).
import { methods, route } from "@/lib/api/route";
import { AddMemberBody } from "@/lib/scopes/schemas";
import { addMember, listMembers } from "@/lib/scopes/scopes";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({
    auth: "any",
    scoped: true,
    capability: "scope.read",
    handler: async ({ db, scope }) => ({ data: await listMembers(db, scope.scopeId) }),
  }),
  POST: route({
    auth: "user",
    scoped: true,
    capability: "members.manage",
    body: AddMemberBody,
    handler: async ({ db, scope, body }) => ({ status: 201, data: await addMember(db, scope.scopeId, body) }),
  }),
});
