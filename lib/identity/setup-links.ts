// One-time setup links: how a production installation gets its first administrator (and, through
// `npm run admin:create -- <email>`, any further one) without a published password. The secret
// (256 bits) travels in the link's fragment, which browsers never send to a server or in a Referer;
// only its SHA-256 is stored. A link is used once: redeeming it is a conditional UPDATE in the same
// transaction as the person, their organisation and their admin membership, so two tabs racing get
// one account and one "already used".
import "server-only";
import { ApiError, conflict } from "@/lib/errors";
import { hashPassword } from "@/lib/auth/password";
import { hashToken } from "@/lib/auth/tokens";
import type { Tx } from "@/lib/db/client";
import { transaction, type Commit } from "@/lib/db/transaction";
import type { Scope, User } from "@/lib/generated/prisma/client";
import { provisionCategories } from "@/lib/categories/provision";
import { provisionDataRegistry } from "@/lib/datasets/provision";
import { provisionRules } from "@/lib/rules/provision";
import { newOneTimeSecret } from "@/lib/identity/one-time-links";

export const SETUP_LINK_TTL_MINUTES = 60;
const SECRET_PREFIX = "ll_setup_";

export type IssuedSetupLink = { secret: string; expiresAt: Date };

/**
 * A new link. Unbound (email null) links create the first admin only: issuing one withdraws the
 * unbound links issued before it, so only the newest printed link works.
 */
export function issueSetupLink({
  email,
  commit = transaction,
}: {
  email: string | null;
  commit?: Commit<IssuedSetupLink>;
}) {
  const { secret, hash, expiresAt } = newOneTimeSecret(SECRET_PREFIX, SETUP_LINK_TTL_MINUTES);
  return commit(async (db) => {
    if (email === null)
      await db.setupLink.updateMany({ where: { email: null, usedAt: null }, data: { expiresAt: new Date() } });
    await db.setupLink.create({ data: { tokenHash: hash, email, expiresAt } });
    return { secret, expiresAt };
  });
}

/** True while nobody can sign in yet: the launcher then prints a link for the first admin. */
export async function needsFirstAdmin(db: Tx): Promise<boolean> {
  return (await db.user.count()) === 0;
}

const gone = () =>
  new ApiError(
    "gone",
    "This setup link has already been used or has expired. Ask the operator for a new one (npm run admin:create -- <email>).",
  );

type Redeem = { secret: string; email: string; name: string; password: string; organisationName: string };

/** redeem-setup-link, the verb: the admin, their organisation and membership, and the link spent, as one. */
export async function redeemSetupLink({ commit = transaction, ...input }: Redeem & { commit?: Commit<Redeemed> }) {
  const passwordHash = await hashPassword(input.password);
  return commit((db) => redeem(db, input, passwordHash));
}

type Redeemed = { user: User; scope: Scope };

async function redeem(db: Tx, input: Redeem, passwordHash: string): Promise<Redeemed> {
  const spent = await db.setupLink.updateMany({
    where: { tokenHash: hashToken(input.secret), usedAt: null, expiresAt: { gt: new Date() } },
    data: { usedAt: new Date() },
  });
  if (spent.count !== 1) throw gone();
  const link = await db.setupLink.findUniqueOrThrow({ where: { tokenHash: hashToken(input.secret) } });
  // A first-admin link creates the first person only; bound links are for their own email only.
  if (link.email === null && (await db.user.count()) > 0) throw gone();
  if (link.email !== null && link.email !== input.email) {
    throw new ApiError("validation_failed", "This link was issued for another email address.", {
      details: { email: ["Use the email address the link was issued for."] },
    });
  }
  if (await db.user.findUnique({ where: { email: input.email }, select: { id: true } })) {
    throw conflict("An account with this email already exists. Sign in instead.");
  }
  const user = await db.user.create({ data: { email: input.email, name: input.name, passwordHash } });
  const scope = await db.scope.create({
    data: { name: input.organisationName, memberships: { create: { userId: user.id, role: "admin" } } },
  });
  await provisionDataRegistry(db, scope.id);
  await provisionCategories(db, scope.id);
  await provisionRules(db, scope.id);
  await db.setupLink.update({ where: { id: link.id }, data: { usedBy: user.id } });
  return { user, scope };
}
