// Each test makes its own people, scopes and tokens, so test files run in parallel safely.
import { randomUUID } from "node:crypto";
import { prisma } from "@/lib/db/client";
import type { Role } from "@/lib/generated/prisma/enums";
import type { AppTokenKind } from "@/lib/auth/tokens";
import { signUp } from "@/lib/identity/sign-up";
import { createAppToken, createPersonalToken } from "@/lib/identity/tokens";
import { personActor, TEST_ACTOR } from "@/testing/support/audit";

export const TEST_PASSWORD = "correct horse battery staple";

export async function makePerson(label = "person") {
  const email = `${label}-${randomUUID()}@example.test`;
  const { user, scope } = await signUp({ email, password: TEST_PASSWORD, name: label });
  const pat = await createPersonalToken({
    userId: user.id,
    name: "test",
    expiresInDays: 30,
    actor: personActor(user.id),
  });
  return { userId: user.id, email, scopeId: scope.id, token: pat.token, tokenId: pat.id };
}

export async function addMember(scopeId: string, userId: string, role: Role) {
  await prisma().membership.create({ data: { scopeId, userId, role } });
}

export async function makeAppToken(scopeId: string, role: Role = "member", kind: AppTokenKind = "api_key") {
  const key = await createAppToken({
    scopeId,
    createdBy: null,
    name: "test app",
    kind,
    role,
    expiresInDays: null,
    actor: TEST_ACTOR,
  });
  return { token: key.token, tokenId: key.id };
}

/** Two people in two scopes, plus a viewer and an App token in scope A. */
export async function twoTenants() {
  const a = await makePerson("alice");
  const b = await makePerson("bob");
  const viewer = await makePerson("viewer");
  await addMember(a.scopeId, viewer.userId, "viewer");
  const app = await makeAppToken(a.scopeId, "member");
  return { a, b, viewer, app };
}

/** An Auth.js session cookie for the person, as the browser sends it after sign-in. */
export async function sessionCookie(userId: string): Promise<string> {
  const { encode } = await import("next-auth/jwt");
  const value = await encode({
    token: { sub: userId },
    secret: process.env.AUTH_SECRET ?? "",
    salt: "authjs.session-token",
  });
  return `authjs.session-token=${value}`;
}
