// POST /api/auth/v1/password-reset — public. {email} → 202 whether or not the email has an account;
// an account's person gets a one-time link (30 minutes) by mail. Limited per address and per email,
// on budgets of their own (a flood of requests cannot lock a person out of signing in).
import { ResetRequestedSchema } from "@/lib/openapi/schemas/platform";
import { methods, route, unscoped } from "@/lib/api/route";
import { clientAddress, type LimitRule } from "@/lib/api/rate-limit";
import { PasswordResetRequestBody } from "@/lib/identity/schemas";
import { requestPasswordReset } from "@/lib/identity/password-reset";

function emailIn(bodyText: string): string {
  try {
    const value = (JSON.parse(bodyText) as { email?: unknown } | null)?.email;
    return typeof value === "string" ? value.trim().toLowerCase().slice(0, 254) : "";
  } catch {
    return "";
  }
}

const resetLimits: LimitRule = ({ request, bodyText }) => [
  { name: "auth-address", key: `reset:${clientAddress(request)}` },
  { name: "auth", key: `reset:${emailIn(bodyText)}` },
];

export const { GET, POST, PUT, PATCH, DELETE } = methods("Authentication", {
  POST: route("requestPasswordReset", "Ask for a password-reset link by mail", {
    description:
      "Always 202, whether or not the email has an account. An account's person is mailed a link that works once, " +
      "for 30 minutes; asking again withdraws the earlier link. Without SMTP_URL the link is printed to the server's " +
      "console (and, outside production, kept in the dev mailbox at /dev/mailbox).",
    ...unscoped("public"),
    body: PasswordResetRequestBody,
    limit: resetLimits,
    responses: { 202: ResetRequestedSchema },
    handler: async ({ body }) => {
      await requestPasswordReset(body);
      return { status: 202, data: { requested: true } };
    },
  }),
});
