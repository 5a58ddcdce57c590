// A person changes their password: the current one first (checked with the same work whether or
// not it is right), then the new one, hashed. Only from the person's own browser session: a token
// that acts as them must not be able to lock them out of their account.
import { validationFailed } from "@/lib/errors";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import type { Tx } from "@/lib/db/client";

export async function changePassword(
  db: Tx,
  userId: string,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId } });
  if (!(await verifyPassword(user.passwordHash, input.currentPassword)))
    throw validationFailed(
      { currentPassword: ["This is not your current password."] },
      "The current password is wrong.",
    );
  if (input.currentPassword === input.newPassword)
    throw validationFailed({ newPassword: ["Choose a password other than the current one."] });
  await db.user.update({ where: { id: userId }, data: { passwordHash: await hashPassword(input.newPassword) } });
}
