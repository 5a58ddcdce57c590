// POST /api/auth/v1/setup — public. Redeems a one-time setup link (printed by the launcher on a
// production installation, or by `npm run admin:create`): creates an administrator and their
// organisation. 410 when the link was used or has expired. The browser then signs in through Auth.js.
import { SignUpResultSchema } from "@/lib/openapi/schemas/platform";
import { methods, route, unscoped } from "@/lib/api/route";
import { perCaller } from "@/lib/api/rate-limit";
import { SetupBody } from "@/lib/identity/schemas";
import { serializeUser } from "@/lib/identity/serialize";
import { redeemSetupLink } from "@/lib/identity/setup-links";
import { serializeScope } from "@/lib/scopes/scopes";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Authentication", {
  POST: route("redeemSetupLink", "Create an administrator with a one-time setup link", {
    ...unscoped("public"),
    description:
      "The link's secret (the part after # in the printed link) is `token`. The link works once and for one hour; " +
      "a link printed while the installation has nobody creates its first administrator, one printed by " +
      "`npm run admin:create -- <email>` only the account for that email.",
    body: SetupBody,
    limit: perCaller("auth", "setup"),
    responses: { 201: SignUpResultSchema },
    errors: ["conflict", "gone"],
    handler: async ({ body }) => {
      const { user, scope } = await redeemSetupLink({ ...body, secret: body.token });
      return { status: 201, data: { user: serializeUser(user), scope: serializeScope(scope, "admin") } };
    },
  }),
});
