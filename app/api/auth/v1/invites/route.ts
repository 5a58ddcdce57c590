// POST /api/auth/v1/invites — scoped; members.manage (admin), a person (App tokens: 403). Invites one
// email into the scope as a member or viewer: the link (7 days, once) is mailed and answered this
// once. 403 signup_closed when SIGNUP is closed; 409 when the email already has an account (add the
// person under Members instead).
import { InviteSchema } from "@/lib/openapi/schemas/platform";
import { methods, route, scoped } from "@/lib/api/route";
import { InviteBody } from "@/lib/identity/schemas";
import { createInvite } from "@/lib/identity/invites";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Authentication", {
  POST: route("createInvite", "Invite a person into the scope by email", {
    description:
      "The invitation's link works once, for 7 days; it is mailed to the person and answered this once " +
      "(`link`, the secret in its fragment) for the admin to pass on. Inviting the same email again withdraws " +
      "the earlier link. Refused with 403 `signup_closed` when the server's SIGNUP is closed.",
    ...scoped("user", "members.manage"),
    body: InviteBody,
    responses: { 201: InviteSchema },
    errors: ["signup_closed"],
    handler: ({ scope, body, principal, answer }) =>
      answer(createInvite, { ...body, scopeId: scope.scopeId, invitedBy: principal.userId }, (invite) => ({
        status: 201,
        data: invite,
      })),
  }),
});
