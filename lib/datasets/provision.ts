// Gives a scope its own registry of datasets and subset types. Called when a scope is created
// (sign-up and POST /scopes/v1); idempotent, so calling it again adds only what is missing.
import type { Tx } from "@/lib/db/client";
import { DATASET_CATALOGUE } from "@/lib/datasets/catalogue";

export async function provisionDataRegistry(db: Tx, scopeId: string): Promise<void> {
  for (const entry of DATASET_CATALOGUE) {
    const dataset = await db.dataset.upsert({
      where: { scopeId_key: { scopeId, key: entry.key } },
      create: { scopeId, key: entry.key, name: entry.name, description: entry.description },
      update: {},
    });
    await db.subsetType.createMany({
      data: entry.subsetTypes.map((t) => ({ ...t, scopeId, datasetId: dataset.id })),
      skipDuplicates: true,
    });
  }
}
