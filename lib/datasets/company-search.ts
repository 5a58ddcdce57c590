// Companies by name in a country, from every provider that can search by name and covers the
// country, asked at once through the provider guard: candidates with their identifiers and
// addresses, the same company found by two registers shown once (the first register in the default
// order keeps it), and for each provider what came of asking it.
import { log } from "@/lib/log";
import { guarded, type Guard } from "@/lib/datasets/provider-guard";
import { companyKey } from "@/lib/datasets/identifiers";
import type { CompanyCandidate, CompanyDataProvider } from "@/lib/datasets/providers/types";
import { providerErrorOf } from "@/lib/provider-errors";

type SearchAttempt = {
  provider: string;
  outcome: "served" | "skipped" | "not_found" | "failed";
  reason: string | null;
};

export async function searchCompanies(
  query: { name: string; country: string; limit: number },
  providers: CompanyDataProvider[],
  guard: Guard,
): Promise<{ candidates: (CompanyCandidate & { provider: string })[]; attempts: SearchAttempt[] }> {
  const searching = providers.filter(
    (p) => p.search && p.isEnabled && (!p.countries || p.countries.includes(query.country)),
  );
  const answers = await Promise.all(
    searching.map(async (p): Promise<{ found: CompanyCandidate[]; attempt: SearchAttempt }> => {
      try {
        const run = await guarded(
          guard,
          p.id,
          () => p.search!(query),
          (found) => found.length > 0,
        );
        if (run.status === "skipped")
          return { found: [], attempt: { provider: p.id, outcome: "skipped", reason: run.reason } };
        const outcome = run.value.length > 0 ? "served" : "not_found";
        return { found: run.value, attempt: { provider: p.id, outcome, reason: null } };
      } catch (error) {
        const known = providerErrorOf(error);
        if (!known) log.error("company data provider crashed", { provider: p.id, error });
        const reason = known ? `${known.code}: ${known.message}` : "unexpected provider error";
        return {
          found: [],
          attempt: { provider: p.id, outcome: known?.code === "not_found" ? "not_found" : "failed", reason },
        };
      }
    }),
  );
  const seen = new Set<string>();
  const candidates: (CompanyCandidate & { provider: string })[] = [];
  answers.forEach(({ found }, i) => {
    for (const candidate of found) {
      const key = companyKey(candidate.country, candidate.number);
      const id = `${key.country}:${key.number}`;
      if (seen.has(id)) continue;
      seen.add(id);
      candidates.push({ ...candidate, provider: searching[i].id });
    }
  });
  const unsearchable = providers
    .filter((p) => !searching.includes(p))
    .map((p): SearchAttempt => ({
      provider: p.id,
      outcome: "skipped",
      reason: !p.search
        ? "cannot search by name"
        : !p.isEnabled
          ? (p.disabledReason ?? "switched off by configuration")
          : `does not cover country ${query.country}`,
    }));
  return {
    candidates: candidates.slice(0, query.limit),
    attempts: [...answers.map((a) => a.attempt), ...unsearchable],
  };
}
