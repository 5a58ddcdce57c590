import { conflict, notFound } from "@/lib/errors";
import type { AuditActor } from "@/lib/audit/actor";
import type { Audited } from "@/lib/audit/audited-change";
import { recordAudit } from "@/lib/audit/record";
import { pool, type Tx } from "@/lib/db/client";
import { transaction, type Commit } from "@/lib/db/transaction";
import { query } from "@/lib/db/sql";
import { provisionCategories } from "@/lib/categories/provision";
import { provisionRules } from "@/lib/rules/provision";
import { provisionDataRegistry } from "@/lib/datasets/provision";
import type { Role } from "@/lib/generated/prisma/enums";
import { hasCapability } from "@/lib/auth/capabilities";
import type { Principal } from "@/lib/auth/principal";

export function serializeScope(scope: { id: string; name: string; createdAt: Date }, role: Role) {
  return {
    scopeId: scope.id,
    name: scope.name,
    role,
    canManage: hasCapability(role, "members.manage"),
    createdAt: scope.createdAt.toISOString(),
  };
}

/** A person's membership with its scope, as listScopes answers it (the kernel may read these with the credentials). */
export type MembershipOfScope = { id: string; name: string; createdAt: Date; role: Role };

/**
 * The scopes the caller may name in X-Scope: a person's memberships, or an App token's one scope.
 * `known`: the person's memberships already read (in the kernel's credentials query), oldest scope first.
 */
export async function listScopes(db: Tx, principal: Principal, known: MembershipOfScope[] | null = null) {
  if (principal.kind === "app") {
    const scope = await db.scope.findUnique({ where: { id: principal.scopeId } });
    return scope ? [serializeScope(scope, principal.role)] : [];
  }
  if (known) return known.map((m) => serializeScope(m, m.role));
  // Called on nearly every page load and by every machine caller first: plain SQL, one round trip,
  // prepared once per connection.
  const { rows } = await pool().query<{ id: string; name: string; created_at: Date; role: Role }>({
    name: "list-scopes",
    text: `SELECT s.id, s.name, s.created_at, m.role FROM memberships m JOIN scopes s ON s.id = m.scope_id
      WHERE m.user_id = $1 ORDER BY s.created_at, s.id`,
    values: [principal.userId],
  });
  return rows.map((r) => serializeScope({ id: r.id, name: r.name, createdAt: r.created_at }, r.role));
}

type ScopeAnswer = ReturnType<typeof serializeScope>;

/** create-scope, the verb: the scope, its creator as admin, and its data registry. */
export function createScope({
  userId,
  name,
  commit = transaction,
}: {
  userId: string;
  name: string;
  commit?: Commit<ScopeAnswer>;
}) {
  return commit(async (db) => {
    const scope = await db.scope.create({ data: { name, memberships: { create: { userId, role: "admin" } } } });
    await provisionDataRegistry(db, scope.id);
    await provisionCategories(db, scope.id);
    await provisionRules(db, scope.id);
    return serializeScope(scope, "admin");
  });
}

function serializeMember(m: { userId: string; role: Role; createdAt: Date; user: { email: string; name: string } }) {
  return {
    userId: m.userId,
    email: m.user.email,
    name: m.user.name,
    role: m.role,
    joinedAt: m.createdAt.toISOString(),
  };
}

export async function listMembers(db: Tx, scopeId: string) {
  const rows = await db.membership.findMany({
    where: { scopeId },
    include: { user: { select: { email: true, name: true } } },
    orderBy: [{ createdAt: "asc" }, { userId: "asc" }],
  });
  return rows.map(serializeMember);
}

type MemberAnswer = ReturnType<typeof serializeMember>;

/** add-member, the verb: an existing account joins the scope with a role. */
export function addMember({
  commit = transaction,
  ...input
}: { scopeId: string; email: string; role: Role } & Audited<MemberAnswer>) {
  return commit((db) => add(db, input));
}

async function add(
  db: Tx,
  { scopeId, actor, ...input }: { scopeId: string; email: string; role: Role; actor: AuditActor },
) {
  const user = await db.user.findUnique({ where: { email: input.email }, select: { id: true } });
  if (!user) throw notFound("No account uses this email; ask the person to sign up first. User");
  const existing = await db.membership.findUnique({ where: { scopeId_userId: { scopeId, userId: user.id } } });
  if (existing) throw conflict("This person is already a member; change their role instead.");
  const created = await db.membership.create({
    data: { scopeId, userId: user.id, role: input.role },
    include: { user: { select: { email: true, name: true } } },
  });
  await recordAudit(db, scopeId, actor, {
    action: "member.added",
    recordType: "member",
    recordId: user.id,
    after: { email: created.user.email, role: created.role },
  });
  return serializeMember(created);
}

export async function findMember(db: Tx, scopeId: string, userId: string) {
  const row = await db.membership.findUnique({
    where: { scopeId_userId: { scopeId, userId } },
    include: { user: { select: { email: true, name: true } } },
  });
  if (!row) throw notFound("Member");
  return row;
}
type Member = Awaited<ReturnType<typeof findMember>>;

/** A scope always keeps at least one admin. Locks the scope's memberships to make the check race-free. */
async function assertAdminRemains(db: Tx, scopeId: string, userId: string) {
  await query(db, "SELECT 1 FROM memberships WHERE scope_id = $1::uuid FOR UPDATE", scopeId);
  const admins = await db.membership.count({ where: { scopeId, role: "admin", userId: { not: userId } } });
  if (admins === 0) throw conflict("A scope needs at least one admin. Make someone else admin first.");
}

type MemberChange = { member: Member } & Audited<MemberAnswer>;

/** update-member-role, the verb (a scope always keeps an admin). */
export function updateMemberRole({ member, role, actor, commit = transaction }: MemberChange & { role: Role }) {
  return commit((db) => changeRole(db, member, role, actor));
}

async function changeRole(db: Tx, member: Member, role: Role, actor: AuditActor) {
  const { scopeId, userId } = member;
  if (member.role === "admin" && role !== "admin") await assertAdminRemains(db, scopeId, userId);
  const updated = await db.membership.update({
    where: { scopeId_userId: { scopeId, userId } },
    data: { role },
    include: { user: { select: { email: true, name: true } } },
  });
  await recordAudit(db, scopeId, actor, {
    action: "member.role_changed",
    recordType: "member",
    recordId: userId,
    before: { role: member.role },
    after: { role: updated.role },
  });
  return serializeMember(updated);
}

/** remove-member, the verb (a scope always keeps an admin). */
export function removeMember({ member, actor, commit = transaction }: { member: Member } & Audited<void>) {
  return commit((db) => remove(db, member, actor));
}

async function remove(db: Tx, member: Member, actor: AuditActor) {
  const { scopeId, userId } = member;
  if (member.role === "admin") await assertAdminRemains(db, scopeId, userId);
  await db.membership.delete({ where: { scopeId_userId: { scopeId, userId } } });
  await recordAudit(db, scopeId, actor, {
    action: "member.removed",
    recordType: "member",
    recordId: userId,
    before: { email: member.user.email, role: member.role },
  });
}
