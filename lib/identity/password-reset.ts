// Password reset by emailed link. Asking is answered the same whether or not the email has an
// account (202, the mail sent after the answer); the link works once, for 30 minutes, and only the
// newest one asked for works. Resetting sets the password and bumps the credentials generation in
// one transaction: every session and every token of a password sign-in ends, the resetting browser's
// included (it signs in with the new password).
import "server-only";
import { bumpCredentialsGeneration } from "@/lib/auth/credentials-generation";
import { hashPassword } from "@/lib/auth/password";
import { hashToken } from "@/lib/auth/tokens";
import { prisma } from "@/lib/db/client";
import { transaction, type Commit } from "@/lib/db/transaction";
import { linkGone, newOneTimeSecret, oneTimeLink } from "@/lib/identity/one-time-links";
import { sendLinkMail } from "@/lib/mail/send";

export const PASSWORD_RESET_TTL_MINUTES = 30;
const SECRET_PREFIX = "ll_reset_";

/**
 * request-password-reset, the verb: for an existing person, withdraws the links asked for before and
 * mails a new one. Resolves once the link is stored; the mail goes out after. Nothing tells the
 * caller whether the email had an account.
 */
export async function requestPasswordReset({ email }: { email: string }): Promise<void> {
  const user = await prisma().user.findUnique({ where: { email }, select: { id: true, email: true } });
  if (!user) return;
  const reset = newOneTimeSecret(SECRET_PREFIX, PASSWORD_RESET_TTL_MINUTES);
  await transaction(async (db) => {
    await db.passwordReset.updateMany({ where: { userId: user.id, usedAt: null }, data: { expiresAt: new Date() } });
    await db.passwordReset.create({ data: { userId: user.id, tokenHash: reset.hash, expiresAt: reset.expiresAt } });
  });
  const link = oneTimeLink("/reset-password", reset.secret);
  void sendLinkMail({
    to: user.email,
    subject: "Reset your Ledgerlink password",
    link,
    text: [
      "Someone (we hope you) asked to reset the password of your Ledgerlink account.",
      `Choose a new password here, within ${PASSWORD_RESET_TTL_MINUTES} minutes: ${link}`,
      "The link works once. Setting a new password signs you out everywhere.",
      "If you did not ask for this, ignore this mail: your password stays as it is.",
    ].join("\n\n"),
  });
}

type Reset = { secret: string; newPassword: string; commit?: Commit<void> };

/** reset-password, the verb: spends the link, sets the password, ends every session (410 when spent or expired). */
export async function resetPassword({ secret, newPassword, commit = transaction }: Reset): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  await commit(async (db) => {
    const tokenHash = hashToken(secret);
    const spent = await db.passwordReset.updateMany({
      where: { tokenHash, usedAt: null, expiresAt: { gt: new Date() } },
      data: { usedAt: new Date() },
    });
    if (spent.count !== 1) throw linkGone("password-reset link", "Ask for a new one from the sign-in page.");
    const { userId } = await db.passwordReset.findUniqueOrThrow({ where: { tokenHash }, select: { userId: true } });
    await db.user.update({ where: { id: userId }, data: { passwordHash } });
    await bumpCredentialsGeneration(db, userId);
  });
}
