// The sandbox company registry as a provider: deterministic companies for BE, NL, DE, FR, ES and IT,
// held by a register of its own in the banks process (sandbox/registry, `npm run banks`) and reached
// over HTTP at SANDBOX_REGISTRY_URL, as any register is. It answers in our normalised shapes, which
// are still checked here: another host's answer is never trusted as it comes.
import { z } from "zod";
import { getRegistryJson, registryAnswer, type RegistryHttpOptions } from "@/lib/datasets/providers/registry-http";
import {
  CompanyCandidateSchema,
  SUBSET_PAYLOADS,
  type CompanyCandidate,
  type CompanyDataProvider,
  type CompanyQuery,
  type KnownSubset,
  type NameQuery,
  type ProviderAnswer,
  type ProviderResult,
} from "@/lib/datasets/providers/types";
import { ProviderError } from "@/lib/provider-errors";

export const SANDBOX_PROVIDER_ID = "sandbox_registry";
/** The countries its register holds companies of (sandbox/registry/countries.json). */
export const SANDBOX_REGISTRY_COUNTRIES = ["BE", "NL", "DE", "FR", "ES", "IT"] as const;

const WHO = "The sandbox registry";
const CompanyDocument = z.object({ company: z.object(SUBSET_PAYLOADS) });
const SearchDocument = z.object({ companies: z.array(CompanyCandidateSchema) });

export function createSandboxRegistry(options: RegistryHttpOptions & { isEnabled: boolean }): CompanyDataProvider {
  return {
    id: SANDBOX_PROVIDER_ID,
    name: "Sandbox company registry",
    isEnabled: options.isEnabled,
    subsets: ["information", "financials", "rating", "shareholders", "officers"],
    countries: SANDBOX_REGISTRY_COUNTRIES,
    fetch: async (query: CompanyQuery, subsets: KnownSubset[]): Promise<ProviderAnswer> => {
      const params = new URLSearchParams({ country: query.country, number: query.number });
      const document = await getRegistryJson(WHO, options, `/api/companies?${params.toString()}`);
      if (document === null)
        throw new ProviderError(
          "not_found",
          `No company with number ${query.number} in the sandbox ${query.country} register.`,
        );
      const { company } = registryAnswer(WHO, CompanyDocument, document);
      const result: ProviderResult = {};
      for (const subset of subsets) result[subset] = company[subset];
      // The register is ours and has no public page per company.
      return { subsets: result, recordUrl: null };
    },
    search: async (query: NameQuery): Promise<CompanyCandidate[]> => {
      const params = new URLSearchParams({ country: query.country, name: query.name, limit: String(query.limit) });
      const document = await getRegistryJson(WHO, options, `/api/companies/search?${params.toString()}`);
      const { companies } = registryAnswer(WHO, SearchDocument, document ?? { companies: [] });
      return companies.slice(0, query.limit);
    },
  };
}
