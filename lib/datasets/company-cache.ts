// The lookup's kept answers: what each provider answered for each subset of a company, per scope. A
// kept answer serves a lookup while it is fresh enough (freshness.ts) and only when its provider is
// still in the governing profile's order, so a profile's change applies to the next lookup. Scoped by
// scope_id in every query: no tenant reads another's answers.
import "server-only";
import type { Tx } from "@/lib/db/client";
import { execute } from "@/lib/db/sql";
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

/** Keeps what providers just answered, replacing an older answer of the same provider: one statement. */
export async function keepAnswers(db: Tx, scopeId: string, company: Company, answers: Kept[]): Promise<void> {
  if (answers.length === 0) return;
  await execute(
    db,
    `INSERT INTO company_data_snapshots (scope_id, country, number, subset, provider, payload, record_url, fetched_at)
     SELECT $1::uuid, $2, $3, a.subset, a.provider, a.payload::jsonb, a.record_url, a.fetched_at::timestamptz
       FROM unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
            AS a(subset, provider, payload, record_url, fetched_at)
     ON CONFLICT (scope_id, country, number, subset, provider) DO UPDATE
       SET payload = EXCLUDED.payload, record_url = EXCLUDED.record_url, fetched_at = EXCLUDED.fetched_at`,
    scopeId,
    company.country,
    company.number,
    answers.map((a) => a.subset),
    answers.map((a) => a.provider),
    answers.map((a) => JSON.stringify(a.data)),
    answers.map((a) => a.recordUrl),
    answers.map((a) => a.fetchedAt.toISOString()),
  );
}

/** The company a kept, fresh information answer says holds `lei`: a lookup by LEI then asks no provider. */
export async function keptIdentityOf(
  db: Tx,
  scopeId: string,
  lei: string,
  maxAgeMs: number,
  now: Date,
): Promise<Company | null> {
  const found = await db.companyDataSnapshot.findFirst({
    where: {
      scopeId,
      subset: "information",
      payload: { path: ["lei"], equals: lei },
      fetchedAt: { gt: new Date(now.getTime() - maxAgeMs) },
    },
    orderBy: { fetchedAt: "desc" },
    select: { country: true, number: true },
  });
  return found;
}
