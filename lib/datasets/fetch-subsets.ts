// Fetches each selected subset from the providers in the profile's order, in parallel: every subset
// goes to the first provider in line that can serve it, a provider is asked once for all the subsets
// it is first in line for, and all those calls run at once. A subset its provider lacks, or a
// provider that fails, moves on to the next provider in the next round. Every attempt is reported,
// so a person can see why. When a round learns the company's LEI (from its information), a provider
// that reads by LEI and found nothing without it is asked once more with it.
import { log } from "@/lib/log";
import type {
  CompanyDataProvider,
  CompanyQuery,
  KnownSubset,
  ProviderAnswer,
  SubsetData,
} from "@/lib/datasets/providers/types";
import { readsByLei } from "@/lib/datasets/identifiers";
import type { Guarded } from "@/lib/datasets/provider-guard";
import { providerErrorOf } from "@/lib/provider-errors";

export type AttemptOutcome = "served" | "skipped" | "not_found" | "failed";
type Attempt = { provider: string; outcome: AttemptOutcome; reason: string | null };
export type SubsetOutcome = {
  subset: string;
  status: "served" | "unavailable";
  provider: string | null;
  data: SubsetData | null;
  attempts: Attempt[];
  /** When the provider answered (the instant), and the source's own page for the record. */
  fetchedAt: Date | null;
  recordUrl: string | null;
};

/** How a provider is called: directly, or through the provider guard (lookup.ts). */
export type CallProvider = (
  provider: CompanyDataProvider,
  query: CompanyQuery,
  subsets: KnownSubset[],
) => Promise<Guarded<ProviderAnswer>>;

const direct: CallProvider = async (provider, query, subsets) => ({
  status: "called",
  value: await provider.fetch(query, subsets),
});

function covers(provider: CompanyDataProvider, subset: string): subset is KnownSubset {
  return (provider.subsets as readonly string[]).includes(subset);
}

/** Why `id` cannot serve `subset` for `country` whatever it is asked, or null when it may. */
export function ineligible(
  id: string,
  provider: CompanyDataProvider | undefined,
  subset: string,
  country: string,
): string | null {
  if (!provider) return "not configured on this server";
  if (!provider.isEnabled) return provider.disabledReason ?? "switched off by configuration";
  if (provider.countries && !provider.countries.includes(country)) return `does not cover country ${country}`;
  if (!covers(provider, subset)) return `does not provide ${subset}`;
  return null;
}

type Call = { id: string; provider: CompanyDataProvider; subsets: KnownSubset[] };
type Settled =
  { outcome: "served" | "not_found"; answer: ProviderAnswer } | { outcome: AttemptOutcome; reason: string };

async function settle(call: Call, query: CompanyQuery, callProvider: CallProvider): Promise<Settled> {
  try {
    const guarded = await callProvider(call.provider, query, call.subsets);
    if (guarded.status === "skipped") return { outcome: "skipped", reason: guarded.reason };
    return { outcome: "served", answer: guarded.value };
  } catch (error) {
    const known = providerErrorOf(error);
    if (!known) log.error("company data provider crashed", { provider: call.id, error });
    const reason = known ? `${known.code}: ${known.message}` : "unexpected provider error";
    return { outcome: known?.code === "not_found" ? "not_found" : "failed", reason };
  }
}

export async function fetchSubsets(
  query: CompanyQuery,
  subsets: string[],
  priorities: string[],
  providers: CompanyDataProvider[],
  callProvider: CallProvider = direct,
): Promise<SubsetOutcome[]> {
  const known: CompanyQuery = { ...query };
  const outcomes = new Map<string, SubsetOutcome>(
    subsets.map((s) => [
      s,
      { subset: s, status: "unavailable", provider: null, data: null, attempts: [], fetchedAt: null, recordUrl: null },
    ]),
  );
  // Per subset, the position in `priorities` of the provider to ask next.
  const next = new Map(subsets.map((s) => [s, 0]));
  // A provider that failed or was skipped in this lookup is not asked again: its reason stands.
  const broken = new Map<string, Settled>();
  const askedWithoutLei = new Set<string>();

  for (;;) {
    const calls = new Map<string, Call>();
    for (const subset of subsets) {
      const outcome = outcomes.get(subset)!;
      for (let i = next.get(subset)!; outcome.status !== "served" && i < priorities.length; i++) {
        const id = priorities[i];
        const provider = providers.find((p) => p.id === id);
        const why = ineligible(id, provider, subset, known.country);
        const earlier = broken.get(id);
        if (why || earlier) {
          const reason = why ?? ("reason" in earlier! ? earlier.reason : null);
          outcome.attempts.push({ provider: id, outcome: why ? "skipped" : earlier!.outcome, reason });
          next.set(subset, i + 1);
          continue;
        }
        const call = calls.get(id) ?? { id, provider: provider!, subsets: [] };
        call.subsets.push(subset as KnownSubset);
        calls.set(id, call);
        next.set(subset, i);
        break;
      }
    }
    if (calls.size === 0) break;
    const leiBefore = known.lei ?? null;
    const round = [...calls.values()];
    const settled = await Promise.all(round.map((call) => settle(call, known, callProvider)));
    const fetchedAt = new Date();
    round.forEach((call, n) => {
      const result = settled[n];
      if (!("answer" in result)) broken.set(call.id, result);
      for (const subset of call.subsets) {
        const outcome = outcomes.get(subset)!;
        const data = "answer" in result ? (result.answer.subsets[subset] ?? null) : null;
        if ("answer" in result && data !== null) {
          outcome.attempts.push({ provider: call.id, outcome: "served", reason: null });
          Object.assign(outcome, {
            status: "served",
            provider: call.id,
            data,
            fetchedAt,
            recordUrl: result.answer.recordUrl,
          });
          continue;
        }
        const reason = "reason" in result ? result.reason : `has no ${subset} for this company`;
        outcome.attempts.push({
          provider: call.id,
          outcome: "answer" in result ? "not_found" : result.outcome,
          reason,
        });
        const retry = result.outcome === "not_found" && !leiBefore && readsByLei(call.id);
        if (retry) askedWithoutLei.add(`${call.id}\u001f${subset}`);
        next.set(subset, next.get(subset)! + 1);
      }
    });
    learnLei(known, outcomes);
    if (!leiBefore && known.lei) {
      // Ask again, with the LEI, the providers that read by it and found nothing without it.
      for (const key of askedWithoutLei) {
        const [id, subset] = key.split("\u001f");
        if (outcomes.get(subset)!.status !== "served") next.set(subset, priorities.indexOf(id));
        broken.delete(id);
      }
      askedWithoutLei.clear();
    }
  }
  return subsets.map((s) => outcomes.get(s)!);
}

/** The company's LEI, once a provider's information gives it. */
function learnLei(known: CompanyQuery, outcomes: Map<string, SubsetOutcome>) {
  const information = outcomes.get("information");
  if (known.lei || information?.status !== "served") return;
  const lei = (information.data as { lei?: string | null }).lei;
  if (lei) known.lei = lei;
}
