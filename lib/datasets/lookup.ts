// Company lookup governed by dataset profiles: resolve the applicable profile, fetch its subsets
// from its providers in priority order, report who served what, and count the use.
import { ApiError, notFound, validationFailed } from "@/lib/errors";
import type { Tx } from "@/lib/db/client";
import { fetchSubsets } from "@/lib/datasets/fetch-subsets";
import { serializeProfile } from "@/lib/datasets/profiles";
import { configuredProviders } from "@/lib/datasets/providers";
import type { CompanyDataProvider } from "@/lib/datasets/providers/types";
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

export async function lookupCompany(
  db: Tx,
  scopeId: string,
  input: LookupInput,
  providers: CompanyDataProvider[] = configuredProviders(),
) {
  const { profile, matchedBy } = await resolveProfile(db, scopeId, input);
  // Format and check digits before any provider is asked (or the profile's use is counted): a typo
  // is the person's to fix, with words that say how, not a "not found" from every provider.
  const checked = checkRegistrationNumber(input.country, input.number);
  if (!checked.ok) throw validationFailed({ number: [checked.message] });
  const query = { country: input.country, number: input.number };
  const subsets = await fetchSubsets(query, profile.subsetSelection, profile.providerPriorities, providers);
  const counted = await db.datasetProfile.update({ where: { id: profile.id }, data: { usageCount: { increment: 1 } } });
  return {
    company: query,
    profile: { ...serializeProfile(counted), matchedBy },
    subsets,
    servedCount: subsets.filter((s) => s.status === "served").length,
  };
}
