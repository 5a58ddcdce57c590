// Company lookup governed by dataset profiles: resolve the applicable profile and the company's
// identifiers, serve each subset from a kept answer while it is fresh enough, fetch the rest from the
// profile's providers (in parallel, in its order, each call through the provider guard), keep what
// they answered, report who served what and when, and count the use.
import { ApiError, notFound, validationFailed } from "@/lib/errors";
import type { Tx } from "@/lib/db/client";
import { env } from "@/lib/env";
import { keepAnswers, keptAnswers, type Kept } from "@/lib/datasets/company-cache";
import { fetchSubsets, type CallProvider, type SubsetOutcome } from "@/lib/datasets/fetch-subsets";
import { freshnessMs, parseFreshness } from "@/lib/datasets/freshness";
import { checkLei, companyKey, nationalIdentity, readsByLei } from "@/lib/datasets/identifiers";
import { guarded, type Guard } from "@/lib/datasets/provider-guard";
import { appGuard } from "@/lib/datasets/provider-guard-store";
import { serializeProfile } from "@/lib/datasets/profiles";
import { configuredProviders } from "@/lib/datasets/providers";
import type { CompanyDataProvider, CompanyInformation, CompanyQuery } from "@/lib/datasets/providers/types";
import { chooseProfile, type MatchedBy } from "@/lib/datasets/resolution";
import type { LookupInput } from "@/lib/datasets/schemas";
import { checkRegistrationNumber } from "@/lib/datasets/registration-number";

async function resolveProfile(db: Tx, scopeId: string, input: LookupInput) {
  if (input.profileId) {
    const explicit = await db.datasetProfile.findFirst({ where: { id: input.profileId, scopeId } });
    if (!explicit) throw notFound("Dataset profile");
    return { profile: explicit, matchedBy: "explicit" as MatchedBy };
  }
  const candidates = await db.datasetProfile.findMany({
    where: {
      scopeId,
      isDefault: true,
      OR: [
        { target: "global" },
        ...(input.entityType && input.entityId
          ? [{ target: "entity" as const, entityType: input.entityType, entityId: input.entityId }]
          : []),
        ...(input.profession ? [{ target: "profession" as const, profession: input.profession }] : []),
      ],
    },
  });
  const chosen = chooseProfile(candidates, input);
  if (!chosen) {
    throw new ApiError(
      "conflict",
      "No dataset profile applies to this lookup. Create a global default profile (or one for this entity or profession) in the data registry.",
    );
  }
  return chosen;
}

/** Every provider call of a lookup goes through the guard: circuit, budget, Retry-After, metrics, health. */
export function guardedCaller(guard: Guard): CallProvider {
  return (provider, query, subsets) =>
    guarded(
      guard,
      provider.id,
      () => provider.fetch(query, subsets),
      (answer) => subsets.some((s) => (answer.subsets[s] ?? null) !== null),
    );
}

/**
 * The company's number, country and LEI, checked before any provider is asked (or the profile's use
 * counted): a typo is the person's to fix. An LEI alone is read by a provider that reads by LEI, in
 * the profile's order, whose record says where the company is registered.
 */
async function identify(
  input: LookupInput,
  priorities: string[],
  providers: CompanyDataProvider[],
  call: CallProvider,
): Promise<CompanyQuery> {
  const lei = input.lei === undefined ? null : checkLei(input.lei);
  if (lei && !lei.ok) throw validationFailed({ lei: [lei.message] });
  if (input.number !== undefined && input.country !== undefined) {
    const checked = checkRegistrationNumber(input.country, input.number);
    if (!checked.ok) throw validationFailed({ number: [checked.message] });
    return { country: input.country, number: input.number, lei: lei?.lei ?? null };
  }
  const known = lei!.lei;
  const reasons: string[] = [];
  for (const id of priorities.filter(readsByLei)) {
    const provider = providers.find((p) => p.id === id && p.isEnabled);
    if (!provider) {
      reasons.push(`${id}: not available on this server`);
      continue;
    }
    try {
      const answer = await call(provider, { country: input.country ?? "", number: "", lei: known }, ["information"]);
      if (answer.status === "skipped") {
        reasons.push(`${id}: ${answer.reason}`);
        continue;
      }
      const information = answer.value.subsets.information as CompanyInformation | null | undefined;
      const identity = information ? nationalIdentity(information) : null;
      if (identity) return { ...identity, lei: known };
      reasons.push(`${id}: its record of ${known} names no registration number`);
    } catch (error) {
      reasons.push(`${id}: ${error instanceof Error ? error.message : "unexpected provider error"}`);
    }
  }
  throw new ApiError(
    "not_found",
    reasons.length
      ? `No provider of this profile could resolve LEI ${known}: ${reasons.join("; ")}.`
      : `This profile names no provider that reads by LEI (gleif); add it, or look the company up by its number.`,
  );
}

const fromKept = (k: Kept) => ({
  subset: k.subset,
  status: "served" as const,
  provider: k.provider,
  data: k.data,
  attempts: [],
  fetchedAt: k.fetchedAt.toISOString(),
  recordUrl: k.recordUrl,
  cached: true,
});

const fromFetched = (s: SubsetOutcome) => ({ ...s, fetchedAt: s.fetchedAt?.toISOString() ?? null, cached: false });

export async function lookupCompany(
  db: Tx,
  scopeId: string,
  input: LookupInput,
  providers: CompanyDataProvider[] = configuredProviders(),
  guard: Guard = appGuard(),
) {
  const { profile, matchedBy } = await resolveProfile(db, scopeId, input);
  const call = guardedCaller(guard);
  const priorities = profile.providerPriorities;
  const identity = await identify(input, priorities, providers, call);
  const key = companyKey(identity.country, identity.number);
  const freshness = parseFreshness(env.LOOKUP_FRESHNESS);
  const kept = input.refresh
    ? new Map<string, Kept>()
    : await keptAnswers(
        db,
        scopeId,
        key,
        profile.subsetSelection,
        priorities,
        (s) => freshnessMs(freshness, s),
        guard.now(),
      );
  const keptLei = (kept.get("information")?.data as CompanyInformation | undefined)?.lei ?? null;
  const pending = profile.subsetSelection.filter((s) => !kept.has(s));
  const query = { ...identity, lei: identity.lei ?? keptLei };
  const fetched = pending.length ? await fetchSubsets(query, pending, priorities, providers, call) : [];
  await keepAnswers(
    db,
    scopeId,
    key,
    fetched.flatMap((s) =>
      s.status === "served" && s.data && s.provider && s.fetchedAt
        ? [{ subset: s.subset, provider: s.provider, data: s.data, recordUrl: s.recordUrl, fetchedAt: s.fetchedAt }]
        : [],
    ),
  );
  const bySubset = new Map(fetched.map((s) => [s.subset, s]));
  const subsets = profile.subsetSelection.map((s) => {
    const k = kept.get(s);
    return k ? fromKept(k) : fromFetched(bySubset.get(s)!);
  });
  const counted = await db.datasetProfile.update({ where: { id: profile.id }, data: { usageCount: { increment: 1 } } });
  const information = bySubset.get("information")?.data as CompanyInformation | null | undefined;
  return {
    company: { country: identity.country, number: identity.number, lei: query.lei ?? information?.lei ?? null },
    profile: { ...serializeProfile(counted), matchedBy },
    subsets,
    servedCount: subsets.filter((s) => s.status === "served").length,
  };
}
