// Human labels for the data registry's codes.
import type { LookupAttempt, LookupResult, Profile, Provider } from "@/lib/client/datasets";

export const SCOPE_LABEL: Record<Profile["scope"], string> = {
  global: "Whole organisation",
  entity: "One entity",
  profession: "A profession",
};

export const MATCHED_BY_LABEL: Record<LookupResult["profile"]["matchedBy"], string> = {
  explicit: "chosen for this lookup",
  entity: "default for this entity",
  sub_profession: "default for this profession and sub-profession",
  profession: "default for this profession",
  global: "organisation-wide default",
};

export const OUTCOME_LABEL: Record<LookupAttempt["outcome"], string> = {
  served: "served",
  skipped: "skipped",
  not_found: "no data",
  failed: "failed",
};

/** Short names for tight places (the profiles table); full names come from GET /providers. */
const PROVIDER_SHORT_NAME: Record<string, string> = {
  sandbox_registry: "Sandbox registry",
  gleif: "GLEIF",
  uk_companies_house: "Companies House",
  fr_recherche_entreprises: "France (Sirene)",
  no_brreg: "Brønnøysund",
};

export function providerShortName(id: string): string {
  return PROVIDER_SHORT_NAME[id] ?? id;
}

export function providerName(id: string, providers: Provider[] | undefined): string {
  return providers?.find((p) => p.id === id)?.name ?? id;
}

export function targetText(
  p: Pick<Profile, "scope" | "entityType" | "entityId" | "profession" | "subProfession">,
): string {
  if (p.scope === "entity") return `${p.entityType ?? "entity"} ${p.entityId ?? ""}`.trim();
  if (p.scope === "profession") return p.subProfession ? `${p.profession} / ${p.subProfession}` : (p.profession ?? "");
  return "Whole organisation";
}
