// First-start demo data: a scope, a person (admin) and an API key. The key's secret exists only
// in the return value of the first run; later runs find the data and create nothing.
import { systemActor } from "@/lib/audit/actor";
import { hashPassword } from "@/lib/auth/password";
import { prisma } from "@/lib/db/client";
import { inside } from "@/lib/db/transaction";
import { createAppToken } from "@/lib/identity/tokens";
import { seedDataRegistryDemo } from "@/lib/datasets/demo";

export const DEMO_EMAIL = "demo@ledgerlink.test";
export const DEMO_PASSWORD = "ledgerlink-demo";
const DEMO_SCOPE_NAME = "Demo Company";

export async function seedDemo(): Promise<{ created: boolean; scopeId: string; apiKey?: string }> {
  const db = prisma();
  const existing = await db.user.findUnique({ where: { email: DEMO_EMAIL }, include: { memberships: true } });
  if (existing) return { created: false, scopeId: existing.memberships[0]?.scopeId ?? "" };
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.$transaction(async (tx) => {
    const user = await tx.user.create({ data: { email: DEMO_EMAIL, name: "Demo User", passwordHash } });
    const scope = await tx.scope.create({
      data: { name: DEMO_SCOPE_NAME, memberships: { create: { userId: user.id, role: "admin" } } },
    });
    await tx.client.createMany({
      data: [
        {
          scopeId: scope.id,
          type: "company",
          displayName: "Brouwerij Van Dijk NV",
          countryCode: "BE",
          createdById: user.id,
        },
        {
          scopeId: scope.id,
          type: "sole_trader",
          displayName: "Atelier Lefèvre",
          countryCode: "FR",
          createdById: user.id,
        },
        {
          scopeId: scope.id,
          type: "company",
          displayName: "Hansen Logistik GmbH",
          countryCode: "DE",
          createdById: user.id,
        },
      ],
    });
    await seedDataRegistryDemo(tx, scope.id, user.id);
    const key = await createAppToken({
      scopeId: scope.id,
      createdBy: user.id,
      name: "Demo API key",
      kind: "api_key",
      role: "viewer",
      expiresInDays: null,
      actor: systemActor("seed-demo"),
      commit: inside(tx),
    });
    return { created: true, scopeId: scope.id, apiKey: key.token };
  });
}
