// Invitations: how an account is made on a server whose SIGNUP is invite (the production default).
// An admin invites one email into their scope with a role; the link (7 days, once) is mailed and shown
// to the admin once. Accepting creates the person and their membership of that scope, as one
// transaction with the invitation spent; the email is the invitation's, not the accepter's choice.
import "server-only";
import { conflict } from "@/lib/errors";
import type { AuditActor } from "@/lib/audit/actor";
import { hashPassword } from "@/lib/auth/password";
import { hashToken } from "@/lib/auth/tokens";
import { db as sharedDb, type Tx } from "@/lib/db/client";
import { inside, transaction, type Commit } from "@/lib/db/transaction";
import type { Role } from "@/lib/generated/prisma/enums";
import { linkGone, newOneTimeSecret, oneTimeLink } from "@/lib/identity/one-time-links";
import { assertSignUpAllowed } from "@/lib/identity/sign-up-policy";
import { sendLinkMail } from "@/lib/mail/send";
import { addMember } from "@/lib/scopes/scopes";

export const INVITE_TTL_DAYS = 7;
const SECRET_PREFIX = "ll_invite_";

/** Invitations make members and viewers; an admin promotes under Members once the person is in. */
type InvitedRole = Exclude<Role, "admin">;

export type CreatedInvite = { id: string; email: string; role: InvitedRole; expiresAt: string; link: string };

type NewInvite = {
  scopeId: string;
  email: string;
  role: InvitedRole;
  invitedBy: string;
  commit?: Commit<CreatedInvite>;
};

/** invite, the verb: withdraws this email's open invitations to the scope and issues a new one. */
export async function createInvite({ scopeId, email, role, invitedBy, commit = transaction }: NewInvite) {
  await assertSignUpAllowed(sharedDb(), "invite");
  const invite = newOneTimeSecret(SECRET_PREFIX, INVITE_TTL_DAYS * 24 * 60);
  const link = oneTimeLink("/invite", invite.secret);
  const created = await commit(async (db) => {
    if (await db.user.findUnique({ where: { email }, select: { id: true } }))
      throw conflict("This email already has an account: add the person under Members instead.");
    await db.invite.updateMany({ where: { scopeId, email, usedAt: null }, data: { expiresAt: new Date() } });
    const row = await db.invite.create({
      data: { scopeId, email, role, invitedBy, tokenHash: invite.hash, expiresAt: invite.expiresAt },
    });
    return { id: row.id, email, role, expiresAt: row.expiresAt.toISOString(), link };
  });
  const { name: scopeName } = await sharedDb().scope.findUniqueOrThrow({ where: { id: scopeId } });
  void sendLinkMail({
    to: email,
    subject: `You are invited to ${scopeName} on Ledgerlink`,
    link,
    text: [
      `You are invited to join ${scopeName} on Ledgerlink as a ${role}.`,
      `Create your account here, within ${INVITE_TTL_DAYS} days: ${link}`,
      "The link works once. If you did not expect this, ignore this mail.",
    ].join("\n\n"),
  });
  return created;
}

type Accept = { secret: string; name: string; password: string; requestId: string };

/** accept-invite, the verb: the person, their membership, and the invitation spent, as one (410 when spent or expired). */
export async function acceptInvite({ commit = transaction, ...input }: Accept & { commit?: Commit<Accepted> }) {
  await assertSignUpAllowed(sharedDb(), "invite");
  const passwordHash = await hashPassword(input.password);
  return commit((db) => accept(db, input, passwordHash));
}

type Accepted = Awaited<ReturnType<typeof accept>>;

async function accept(db: Tx, input: Accept, passwordHash: string) {
  const tokenHash = hashToken(input.secret);
  const spent = await db.invite.updateMany({
    where: { tokenHash, usedAt: null, expiresAt: { gt: new Date() } },
    data: { usedAt: new Date() },
  });
  if (spent.count !== 1) throw linkGone("invitation", "Ask the admin who invited you for a new one.");
  const invite = await db.invite.findUniqueOrThrow({ where: { tokenHash }, include: { scope: true } });
  if (await db.user.findUnique({ where: { email: invite.email }, select: { id: true } }))
    throw conflict("An account with this email already exists. Sign in instead.");
  const user = await db.user.create({ data: { email: invite.email, name: input.name, passwordHash } });
  await db.invite.update({ where: { id: invite.id }, data: { usedBy: user.id } });
  const actor: AuditActor = { kind: "session", userId: user.id, requestId: input.requestId };
  await addMember({ scopeId: invite.scopeId, email: invite.email, role: invite.role, actor, commit: inside(db) });
  return { user, scope: invite.scope, role: invite.role };
}
