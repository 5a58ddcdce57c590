// POST /api/auth/v1/invites/accept — public. Redeems an invitation: creates the invited person (the
// invitation's email) with the password given, as a member of the inviting scope. 410 when the link
// was used, withdrawn or has expired; 403 signup_closed when SIGNUP is closed. The browser then signs
// in through Auth.js.
import { SignUpResultSchema } from "@/lib/openapi/schemas/platform";
import { methods, route, unscoped } from "@/lib/api/route";
import { perCaller } from "@/lib/api/rate-limit";
import { AcceptInviteBody } from "@/lib/identity/schemas";
import { acceptInvite } from "@/lib/identity/invites";
import { serializeUser } from "@/lib/identity/serialize";
import { serializeScope } from "@/lib/scopes/scopes";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Authentication", {
  POST: route("acceptInvite", "Create your account with an invitation", {
    description:
      "The invitation link's secret (the part after #) is `token`. It works once, for 7 days; the account's email " +
      "is the one the admin invited.",
    ...unscoped("public"),
    body: AcceptInviteBody,
    limit: perCaller("auth", "invite"),
    responses: { 201: SignUpResultSchema },
    errors: ["conflict", "gone", "signup_closed"],
    handler: async ({ body, requestId }) => {
      const { user, scope, role } = await acceptInvite({ ...body, secret: body.token, requestId });
      return { status: 201, data: { user: serializeUser(user), scope: serializeScope(scope, role) } };
    },
  }),
});
