// POST /api/auth/v1/sign-up — public. Creates a person and their own scope (they are its admin).
// The browser then signs in through Auth.js; API callers use POST /api/auth/v1/token. 403
// signup_closed unless SIGNUP is open, and on a production installation before its first admin.
import { SignUpResultSchema } from "@/lib/openapi/schemas/platform";
import { methods, route, unscoped } from "@/lib/api/route";
import { perCaller } from "@/lib/api/rate-limit";
import { serializeUser } from "@/lib/identity/serialize";
import { SignUpBody } from "@/lib/identity/schemas";
import { signUp } from "@/lib/identity/sign-up";
import { serializeScope } from "@/lib/scopes/scopes";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Authentication", {
  POST: route("signUp", "Create an account and its own scope", {
    description:
      "Only when the server's SIGNUP is `open` (the demo's default; production's is `invite`: see POST " +
      "/api/auth/v1/invites). Refused with 403 `signup_closed` otherwise, and on a production installation " +
      "before its first administrator exists (that account comes only from the operator's setup link).",
    ...unscoped("public"),
    body: SignUpBody,
    limit: perCaller("auth", "signup"),
    responses: { 201: SignUpResultSchema },
    errors: ["conflict", "signup_closed"],
    handler: async ({ body }) => {
      const { user, scope } = await signUp(body);
      return { status: 201, data: { user: serializeUser(user), scope: serializeScope(scope, "admin") } };
    },
  }),
});
