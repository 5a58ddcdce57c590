// GLEIF as a company-data provider: `information` from the LEI record found by registration
// number and country, `shareholders` from its Level 2 direct and ultimate parents.
import { findByRegistration, findParent, type GleifApiOptions } from "@/lib/datasets/providers/gleif-api";
import { numberCandidates, toInformation, toShareholders } from "@/lib/datasets/providers/gleif-transform";
import type {
  CompanyDataProvider,
  CompanyQuery,
  KnownSubset,
  ProviderAnswer,
  ProviderResult,
} from "@/lib/datasets/providers/types";
import { ProviderError } from "@/lib/provider-errors";

export const GLEIF_PROVIDER_ID = "gleif";

export function createGleifProvider(options: GleifApiOptions & { isEnabled: boolean }): CompanyDataProvider {
  return {
    id: GLEIF_PROVIDER_ID,
    name: "GLEIF (Legal Entity Identifier index)",
    isEnabled: options.isEnabled,
    subsets: ["information", "shareholders"],
    countries: null,
    fetch: async (query: CompanyQuery, subsets: KnownSubset[]): Promise<ProviderAnswer> => {
      let record = null;
      for (const number of numberCandidates(query.number)) {
        record = await findByRegistration(options, query.country, number);
        if (record) break;
      }
      if (!record)
        throw new ProviderError(
          "not_found",
          `GLEIF has no LEI record registered as ${query.number} in ${query.country}.`,
        );
      const result: ProviderResult = {};
      if (subsets.includes("information")) result.information = toInformation(record, query.number);
      if (subsets.includes("shareholders")) {
        const [direct, ultimate] = await Promise.all([
          findParent(options, record.attributes.lei, "direct-parent"),
          findParent(options, record.attributes.lei, "ultimate-parent"),
        ]);
        result.shareholders = toShareholders(direct, ultimate);
      }
      return { subsets: result, recordUrl: `https://search.gleif.org/#/record/${record.attributes.lei}` };
    },
  };
}
