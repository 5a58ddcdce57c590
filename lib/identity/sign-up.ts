// sign-up, the verb: the person and their own scope, with them as its admin, in one transaction, when
// the server's sign-up policy allows it (lib/identity/sign-up-policy.ts).
import "server-only";
import { conflict } from "@/lib/errors";
import { hashPassword } from "@/lib/auth/password";
import { db as sharedDb } from "@/lib/db/client";
import { transaction, type Commit } from "@/lib/db/transaction";
import { provisionCategories } from "@/lib/categories/provision";
import { provisionDataRegistry } from "@/lib/datasets/provision";
import { provisionRules } from "@/lib/rules/provision";
import { assertSignUpAllowed } from "@/lib/identity/sign-up-policy";
import type { Scope, User } from "@/lib/generated/prisma/client";

type SignUp = { email: string; password: string; name: string; commit?: Commit<{ user: User; scope: Scope }> };

export async function signUp({ commit = transaction, ...input }: SignUp) {
  // Before the password's hashing: a refused sign-up costs no Argon2 work. (The first-admin gate only
  // ever opens, so checking outside the transaction races nothing.)
  await assertSignUpAllowed(sharedDb(), "open");
  const passwordHash = await hashPassword(input.password);
  return commit(async (db) => {
    const existing = await db.user.findUnique({ where: { email: input.email }, select: { id: true } });
    if (existing) throw conflict("An account with this email already exists. Sign in instead.");
    const user = await db.user.create({ data: { email: input.email, name: input.name, passwordHash } });
    const scope = await db.scope.create({
      data: { name: `${input.name}'s workspace`, memberships: { create: { userId: user.id, role: "admin" } } },
    });
    await provisionDataRegistry(db, scope.id);
    await provisionCategories(db, scope.id);
    await provisionRules(db, scope.id);
    return { user, scope };
  });
}
