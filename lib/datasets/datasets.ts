// Reads of the scope's data registry: datasets, their subset types, and which configured
// providers can serve each subset type.
import { notFound } from "@/lib/errors";
import type { Tx } from "@/lib/db/client";
import { configuredProviders } from "@/lib/datasets/providers";
import type { CompanyDataProvider } from "@/lib/datasets/providers/types";
import type { Dataset, SubsetType } from "@/lib/generated/prisma/client";

function providersFor(key: string, providers: CompanyDataProvider[]): string[] {
  return providers.filter((p) => (p.subsets as readonly string[]).includes(key)).map((p) => p.id);
}

function serializeSubsetType(t: SubsetType, datasetKey: string, providers: CompanyDataProvider[]) {
  return {
    id: t.id,
    key: t.key,
    name: t.name,
    description: t.description,
    datasetId: t.datasetId,
    datasetKey,
    providers: providersFor(t.key, providers),
  };
}

function serializeDataset(d: Dataset & { subsetTypes: SubsetType[] }, providers: CompanyDataProvider[]) {
  return {
    id: d.id,
    key: d.key,
    name: d.name,
    description: d.description,
    subsetTypes: d.subsetTypes.map((t) => serializeSubsetType(t, d.key, providers)),
    createdAt: d.createdAt.toISOString(),
  };
}

const withSubsets = { subsetTypes: { orderBy: [{ position: "asc" as const }, { key: "asc" as const }] } };

export async function listDatasets(db: Tx, scopeId: string) {
  const providers = configuredProviders();
  const rows = await db.dataset.findMany({ where: { scopeId }, include: withSubsets, orderBy: [{ key: "asc" }] });
  return rows.map((d) => serializeDataset(d, providers));
}

export async function getDataset(db: Tx, scopeId: string, id: string) {
  const row = await db.dataset.findFirst({ where: { id, scopeId }, include: withSubsets });
  if (!row) throw notFound("Dataset");
  return serializeDataset(row, configuredProviders());
}

/** The registry of selectable subset types. Empty means no profile can be built in this scope. */
export async function listSubsetTypes(db: Tx, scopeId: string) {
  const providers = configuredProviders();
  const rows = await db.subsetType.findMany({
    where: { scopeId },
    include: { dataset: { select: { key: true } } },
    orderBy: [{ position: "asc" }, { key: "asc" }],
  });
  return rows.map((t) => serializeSubsetType(t, t.dataset.key, providers));
}
