// France's company search (recherche-entreprises.api.gouv.fr, no key) as a provider: `information`,
// `financials` (turnover and net result) and `officers` of a company by SIREN or SIRET, and a search
// by name. The API has one operation, GET /search: `q` of 9 or 14 digits is read as a SIREN/SIRET
// (other filters ignored), anything else as words; a company it does not hold is an empty result list.
import {
  FrancePayload,
  franceRecordUrl,
  sirenOf,
  toCandidate,
  toFinancials,
  toInformation,
  toOfficers,
  type FranceResult,
} from "@/lib/datasets/providers/france-transform";
import { exactFigures, readRegistry, type RegistryHttpOptions } from "@/lib/datasets/providers/registry-http";
import { createNationalRegisterProvider } from "@/lib/datasets/providers/national-register";
import type { CompanyDataProvider, ProviderResult } from "@/lib/datasets/providers/types";
import { ProviderError } from "@/lib/provider-errors";

export const FRANCE_PROVIDER_ID = "fr_recherche_entreprises";
const WHO = "recherche-entreprises";
/** The API's own page size limit. */
const MAX_PER_PAGE = 25;

async function search(options: RegistryHttpOptions, params: Record<string, string>): Promise<FranceResult[]> {
  const query = new URLSearchParams(params).toString();
  // The API never answers 404 for a search; a missing payload is read as no result.
  return (await readRegistry(WHO, exactFigures(options), `/search?${query}`, FrancePayload))?.results ?? [];
}

export function createFranceProvider(options: RegistryHttpOptions & { isEnabled: boolean }): CompanyDataProvider {
  return createNationalRegisterProvider({
    id: FRANCE_PROVIDER_ID,
    name: "Recherche d'entreprises (France, INSEE Sirene and RNE)",
    isEnabled: options.isEnabled,
    country: "FR",
    subsets: ["information", "financials", "officers"],
    numberOf: sirenOf,
    numberName: "a SIREN or SIRET of a French company",
    read: async (siren, subsets) => {
      const result = (await search(options, { q: siren })).find((r) => r.siren === siren);
      if (!result) throw new ProviderError("not_found", `recherche-entreprises has no company with SIREN ${siren}.`);
      const answer: ProviderResult = {};
      if (subsets.includes("information")) answer.information = toInformation(result);
      if (subsets.includes("financials")) answer.financials = toFinancials(result);
      if (subsets.includes("officers")) answer.officers = toOfficers(result);
      return answer;
    },
    recordUrl: franceRecordUrl,
    maxPage: MAX_PER_PAGE,
    findByName: (name, perPage) => search(options, { q: name, per_page: String(perPage) }),
    toCandidate,
  });
}
