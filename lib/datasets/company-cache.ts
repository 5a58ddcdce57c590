// The lookup's kept answers: what each provider answered for each subset of a company, per scope. A
// kept answer serves a lookup while it is fresh enough (freshness.ts) and only when its provider is
// still in the governing profile's order, so a profile's change applies to the next lookup. Scoped by
// scope_id in every query: no tenant reads another's answers.
import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/db/client";
import type { SubsetData } from "@/lib/datasets/providers/types";

export type Kept = { subset: string; provider: string; data: SubsetData; recordUrl: string | null; fetchedAt: Date };
type Company = { country: string; number: string };

/**
 * For each subset, the freshest-ranked kept answer: from the provider earliest in `priorities`,
 * fetched within the subset's freshness.
 */
export async function keptAnswers(
  db: Tx,
  scopeId: string,
  company: Company,
  subsets: string[],
  priorities: string[],
  maxAgeMs: (subset: string) => number,
  now: Date,
): Promise<Map<string, Kept>> {
  const rows = await db.companyDataSnapshot.findMany({
    where: {
      scopeId,
      country: company.country,
      number: company.number,
      subset: { in: subsets },
      provider: { in: priorities },
    },
  });
  const kept = new Map<string, Kept>();
  for (const id of priorities) {
    for (const row of rows) {
      if (row.provider !== id || kept.has(row.subset)) continue;
      if (now.getTime() - row.fetchedAt.getTime() >= maxAgeMs(row.subset)) continue;
      kept.set(row.subset, {
        subset: row.subset,
        provider: row.provider,
        data: row.payload as SubsetData,
        recordUrl: row.recordUrl,
        fetchedAt: row.fetchedAt,
      });
    }
  }
  return kept;
}

/** Keeps what providers just answered, replacing an older answer of the same provider. */
export async function keepAnswers(db: Tx, scopeId: string, company: Company, answers: Kept[]): Promise<void> {
  for (const a of answers) {
    const values = {
      payload: a.data as Prisma.InputJsonValue,
      recordUrl: a.recordUrl,
      fetchedAt: a.fetchedAt,
    };
    await db.companyDataSnapshot.upsert({
      where: {
        scopeId_country_number_subset_provider: { scopeId, ...company, subset: a.subset, provider: a.provider },
      },
      create: { scopeId, ...company, subset: a.subset, provider: a.provider, ...values },
      update: values,
    });
  }
}
