// Demo data for the data registry: the demo scope's registry plus a few profiles, including the
// global default that governs its company lookups: the national registers first (each serves only
// its own country), then GLEIF, then the sandbox registry for the countries no real register here
// covers and for the rating, which only it gives.
import type { Tx } from "@/lib/db/client";
import { provisionCategories } from "@/lib/categories/provision";
import { provisionRules } from "@/lib/rules/provision";
import { provisionDataRegistry } from "@/lib/datasets/provision";

export async function seedDataRegistryDemo(db: Tx, scopeId: string, createdById: string): Promise<void> {
  await provisionDataRegistry(db, scopeId);
  await provisionCategories(db, scopeId);
  await provisionRules(db, scopeId);
  const base = { scopeId, createdById, entityType: null, entityId: null, profession: null, subProfession: null };
  await db.datasetProfile.createMany({
    data: [
      {
        ...base,
        name: "Standard company check",
        target: "global",
        subsetSelection: ["information", "financials", "officers", "shareholders", "rating"],
        providerPriorities: ["fr_recherche_entreprises", "no_brreg", "uk_companies_house", "gleif", "sandbox_registry"],
        isDefault: true,
      },
      {
        ...base,
        name: "Ownership review",
        target: "global",
        subsetSelection: ["information", "shareholders", "officers"],
        providerPriorities: ["uk_companies_house", "gleif", "sandbox_registry"],
        isDefault: false,
      },
      {
        ...base,
        name: "Accountants: financial health",
        target: "profession",
        profession: "accountant",
        subsetSelection: ["information", "financials", "rating"],
        providerPriorities: ["sandbox_registry"],
        isDefault: true,
      },
    ],
  });
}
