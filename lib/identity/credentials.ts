import { burnPasswordCheck, verifyPassword } from "@/lib/auth/password";
import { prisma } from "@/lib/db/client";

/** The person for an email + password, or null. Same work whether or not the email exists. */
export async function checkCredentials(email: string, password: string) {
  const user = await prisma().user.findUnique({ where: { email: email.trim().toLowerCase() } });
  if (!user) {
    await burnPasswordCheck(password);
    return null;
  }
  return (await verifyPassword(user.passwordHash, password)) ? user : null;
}
