// Fetches each selected subset from the providers in priority order. A provider is asked once,
// for all still-missing subsets it covers; a subset it lacks, or a provider that fails, falls
// through to the next provider. Every attempt is reported, so a person can see why.
import { log } from "@/lib/log";
import type { CompanyDataProvider, CompanyQuery, KnownSubset, SubsetData } from "@/lib/datasets/providers/types";
import { providerErrorOf } from "@/lib/provider-errors";

export type AttemptOutcome = "served" | "skipped" | "not_found" | "failed";
type Attempt = { provider: string; outcome: AttemptOutcome; reason: string | null };
type SubsetOutcome = {
  subset: string;
  status: "served" | "unavailable";
  provider: string | null;
  data: SubsetData | null;
  attempts: Attempt[];
};

function covers(provider: CompanyDataProvider, subset: string): subset is KnownSubset {
  return (provider.subsets as readonly string[]).includes(subset);
}

export async function fetchSubsets(
  query: CompanyQuery,
  subsets: string[],
  priorities: string[],
  providers: CompanyDataProvider[],
): Promise<SubsetOutcome[]> {
  const outcomes = new Map<string, SubsetOutcome>(
    subsets.map((s) => [s, { subset: s, status: "unavailable", provider: null, data: null, attempts: [] }]),
  );
  const missing = () => subsets.filter((s) => outcomes.get(s)?.status !== "served");
  const record = (subset: string, attempt: Attempt) => outcomes.get(subset)?.attempts.push(attempt);

  for (const id of priorities) {
    const pending = missing();
    if (pending.length === 0) break;
    const provider = providers.find((p) => p.id === id);
    const skipAll = (reason: string) => pending.forEach((s) => record(s, { provider: id, outcome: "skipped", reason }));
    if (!provider) {
      skipAll("not configured on this server");
      continue;
    }
    if (!provider.isEnabled) {
      skipAll("switched off by configuration");
      continue;
    }
    if (provider.countries && !provider.countries.includes(query.country)) {
      skipAll(`does not cover country ${query.country}`);
      continue;
    }
    const asked = pending.filter((s): s is KnownSubset => covers(provider, s));
    pending
      .filter((s) => !covers(provider, s))
      .forEach((s) => record(s, { provider: id, outcome: "skipped", reason: `does not provide ${s}` }));
    if (asked.length === 0) continue;
    try {
      const answer = await provider.fetch(query, asked);
      for (const subset of asked) {
        const data = answer.subsets[subset] ?? null;
        if (data === null) {
          record(subset, { provider: id, outcome: "not_found", reason: `has no ${subset} for this company` });
          continue;
        }
        record(subset, { provider: id, outcome: "served", reason: null });
        Object.assign(outcomes.get(subset)!, { status: "served", provider: id, data });
      }
    } catch (error) {
      const known = providerErrorOf(error);
      const isNotFound = known?.code === "not_found";
      if (!known) log.error("company data provider crashed", { provider: id, error });
      const reason = known ? `${known.code}: ${known.message}` : "unexpected provider error";
      asked.forEach((s) => record(s, { provider: id, outcome: isNotFound ? "not_found" : "failed", reason }));
    }
  }
  return subsets.map((s) => outcomes.get(s)!);
}
