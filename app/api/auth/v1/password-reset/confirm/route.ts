// POST /api/auth/v1/password-reset/confirm — public. {token, newPassword} → 204: the mailed link's
// secret (the part after #) sets a new password, once; 410 when it was used, withdrawn or expired.
// Every session and every token of a password sign-in ends.
import { NO_BODY } from "@/lib/api/responses";
import { methods, route, unscoped } from "@/lib/api/route";
import { perCaller } from "@/lib/api/rate-limit";
import { PasswordResetBody } from "@/lib/identity/schemas";
import { resetPassword } from "@/lib/identity/password-reset";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Authentication", {
  POST: route("resetPassword", "Set a new password with a password-reset link", {
    description:
      "The link's secret (the part after # in the mailed link) is `token`. It works once and for 30 minutes. " +
      "Setting the password ends every browser session and every access and refresh token of a password " +
      "sign-in (401 `credentials_changed`); personal access tokens and API keys are not ended.",
    ...unscoped("public"),
    body: PasswordResetBody,
    limit: perCaller("auth", "reset"),
    responses: { 204: NO_BODY },
    errors: ["gone"],
    handler: async ({ body }) => {
      await resetPassword({ secret: body.token, newPassword: body.newPassword });
      return { status: 204 };
    },
  }),
});
