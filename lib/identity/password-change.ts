// change-password, the verb: the current password first (checked with the same work whether or not
// it is right), then the new one, hashed. Only from the person's own browser session (the route's
// rule): a token that acts as them must not be able to lock them out of their account. The change
// bumps the person's credentials generation in the same transaction: every other session and every
// sign-in token ends (lib/auth/credentials-generation.ts); the route re-issues the caller's cookie.
import "server-only";
import { validationFailed } from "@/lib/errors";
import { bumpCredentialsGeneration } from "@/lib/auth/credentials-generation";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { prisma } from "@/lib/db/client";
import { transaction, type Commit } from "@/lib/db/transaction";

type ChangePassword = { userId: string; currentPassword: string; newPassword: string; commit?: Commit<number> };

/** Returns the person's new credentials generation. */
export async function changePassword({
  userId,
  currentPassword,
  newPassword,
  commit = transaction,
}: ChangePassword): Promise<number> {
  const user = await prisma().user.findUniqueOrThrow({ where: { id: userId } });
  if (!(await verifyPassword(user.passwordHash, currentPassword)))
    throw validationFailed(
      { currentPassword: ["This is not your current password."] },
      "The current password is wrong.",
    );
  if (currentPassword === newPassword)
    throw validationFailed({ newPassword: ["Choose a password other than the current one."] });
  const passwordHash = await hashPassword(newPassword);
  // Only over the hash that was checked: two changes racing cannot both win.
  return commit(async (db) => {
    const changed = await db.user.updateMany({
      where: { id: userId, passwordHash: user.passwordHash },
      data: { passwordHash },
    });
    if (changed.count !== 1)
      throw validationFailed({ currentPassword: ["Your password changed meanwhile; sign in again."] });
    return bumpCredentialsGeneration(db, userId);
  });
}
