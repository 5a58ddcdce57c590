// Companies by name and country, from every register that can search by name: the providers in the
// order of the scope's organisation-wide default profile (the platform's default order when it has
// none) that cover the country, asked at once. Their candidates are merged: one per country and
// registration number, the first provider's record first, a later one filling what it left empty
// (a GLEIF record gives the LEI a national register does not). A register that fails is reported
// beside the candidates, never hidden: the person sees whom the answer is missing.
import "server-only";
import type { Tx } from "@/lib/db/client";
import { log } from "@/lib/log";
import { configuredProviders, PROVIDER_IDS } from "@/lib/datasets/providers";
import type { CompanyCandidate, CompanyDataProvider } from "@/lib/datasets/providers/types";
import { checkRegistrationNumber } from "@/lib/datasets/registration-number";
import { providerErrorOf } from "@/lib/provider-errors";

/** Candidates asked of each register; a name search past the first few rarely finds the one meant. */
const PER_PROVIDER = 10;

type Searched = { provider: string; outcome: "searched" | "failed" | "skipped"; reason: string | null; found: number };
export type FoundCompany = CompanyCandidate & { foundBy: string[] };

/** The providers a name search asks, in order, and why each other provider is left out. */
async function searchOrder(db: Tx, scopeId: string, country: string, providers: CompanyDataProvider[]) {
  const profile = await db.datasetProfile.findFirst({
    where: { scopeId, target: "global", isDefault: true },
    select: { providerPriorities: true },
  });
  const order = profile?.providerPriorities ?? [...PROVIDER_IDS];
  const asked: CompanyDataProvider[] = [];
  const skipped: Searched[] = [];
  for (const id of order) {
    const provider = providers.find((p) => p.id === id);
    const skip = (reason: string) => skipped.push({ provider: id, outcome: "skipped", reason, found: 0 });
    if (!provider) skip("not configured on this server");
    else if (!provider.isEnabled) skip("switched off by configuration");
    else if (!provider.search) skip("cannot search by name");
    else if (provider.countries && !provider.countries.includes(country)) skip(`does not cover country ${country}`);
    else asked.push(provider);
  }
  return { order, asked, skipped };
}

/** The number as the lookup and a client keep it (a country's own spelling), so spellings merge. */
function canonicalNumber(candidate: CompanyCandidate): string {
  const checked = checkRegistrationNumber(candidate.country, candidate.number);
  return checked.ok ? checked.number : candidate.number.trim();
}

function merge(lists: { provider: string; candidates: CompanyCandidate[] }[]): FoundCompany[] {
  const merged = new Map<string, FoundCompany>();
  for (const { provider, candidates } of lists) {
    for (const candidate of candidates) {
      const number = canonicalNumber(candidate);
      const key = `${candidate.country.toUpperCase()}|${number.replace(/\s/g, "")}`;
      const seen = merged.get(key);
      if (!seen) {
        merged.set(key, { ...candidate, number, foundBy: [provider] });
        continue;
      }
      seen.foundBy.push(provider);
      seen.lei ??= candidate.lei;
      seen.legalForm ??= candidate.legalForm;
      seen.address ??= candidate.address;
      seen.recordUrl ??= candidate.recordUrl;
      if (seen.status === "unknown") seen.status = candidate.status;
    }
  }
  return [...merged.values()];
}

export async function searchCompanies(
  db: Tx,
  scopeId: string,
  query: { name: string; country: string },
  providers: CompanyDataProvider[] = configuredProviders(),
) {
  const { order, asked, skipped } = await searchOrder(db, scopeId, query.country, providers);
  const answers = await Promise.all(
    asked.map(async (provider) => {
      try {
        const candidates = await provider.search!({ ...query, limit: PER_PROVIDER });
        return { provider: provider.id, candidates, reason: null };
      } catch (error) {
        const known = providerErrorOf(error);
        if (!known) log.error("company search crashed", { provider: provider.id, error });
        return { provider: provider.id, candidates: null, reason: known?.message ?? "unexpected provider error" };
      }
    }),
  );
  const searched: Searched[] = answers.map((a) => ({
    provider: a.provider,
    outcome: a.candidates ? "searched" : "failed",
    reason: a.reason,
    found: a.candidates?.length ?? 0,
  }));
  const found = answers.flatMap((a) => (a.candidates ? [{ provider: a.provider, candidates: a.candidates }] : []));
  const inOrder = [...searched, ...skipped].sort((a, b) => order.indexOf(a.provider) - order.indexOf(b.provider));
  return { name: query.name, country: query.country, candidates: merge(found), providers: inOrder };
}
