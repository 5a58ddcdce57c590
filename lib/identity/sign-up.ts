import { conflict } from "@/lib/errors";
import { hashPassword } from "@/lib/auth/password";
import type { Tx } from "@/lib/db/client";
import { provisionDataRegistry } from "@/lib/datasets/provision";

/** Creates the person and their own scope, with them as its admin. */
export async function signUp(db: Tx, input: { email: string; password: string; name: string }) {
  const existing = await db.user.findUnique({ where: { email: input.email }, select: { id: true } });
  if (existing) throw conflict("An account with this email already exists. Sign in instead.");
  const user = await db.user.create({
    data: { email: input.email, name: input.name, passwordHash: await hashPassword(input.password) },
  });
  const scope = await db.scope.create({
    data: { name: `${input.name}'s workspace`, memberships: { create: { userId: user.id, role: "admin" } } },
  });
  await provisionDataRegistry(db, scope.id);
  return { user, scope };
}
