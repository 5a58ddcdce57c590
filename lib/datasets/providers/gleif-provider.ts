// GLEIF as a company-data provider: `information` from the LEI record, read by LEI when the query
// carries one and found by registration number and country otherwise; `shareholders` from its Level 2
// direct and ultimate parents; and a search by legal name within a country.
import {
  findByLei,
  findByRegistration,
  findParent,
  searchByName,
  type GleifApiOptions,
} from "@/lib/datasets/providers/gleif-api";
import {
  gleifRecordUrl,
  numberCandidates,
  toCandidate,
  toInformation,
  toShareholders,
  type GleifLeiRecord,
} from "@/lib/datasets/providers/gleif-transform";
import type {
  CompanyDataProvider,
  CompanyQuery,
  KnownSubset,
  ProviderAnswer,
  ProviderResult,
} from "@/lib/datasets/providers/types";
import { leiValid } from "@/lib/datasets/check-digits";
import { ProviderError } from "@/lib/provider-errors";

export const GLEIF_PROVIDER_ID = "gleif";

async function findRecord(options: GleifApiOptions, query: CompanyQuery): Promise<GleifLeiRecord | null> {
  // An LEI whose check digits fail names no record: no request is spent on it.
  const lei = query.lei?.trim().toUpperCase();
  if (lei && leiValid(lei)) {
    const record = await findByLei(options, lei);
    if (record) return record;
  }
  for (const number of numberCandidates(query.number)) {
    const record = await findByRegistration(options, query.country, number);
    if (record) return record;
  }
  return null;
}

export function createGleifProvider(options: GleifApiOptions & { isEnabled: boolean }): CompanyDataProvider {
  return {
    id: GLEIF_PROVIDER_ID,
    name: "GLEIF (Legal Entity Identifier index)",
    isEnabled: options.isEnabled,
    subsets: ["information", "shareholders"],
    countries: null,
    fetch: async (query: CompanyQuery, subsets: KnownSubset[]): Promise<ProviderAnswer> => {
      const record = await findRecord(options, query);
      if (!record)
        throw new ProviderError(
          "not_found",
          query.lei
            ? `GLEIF has no LEI record ${query.lei}, nor one registered as ${query.number} in ${query.country}.`
            : `GLEIF has no LEI record registered as ${query.number} in ${query.country}.`,
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
      return { subsets: result, recordUrl: gleifRecordUrl(record.attributes.lei) };
    },
    search: async ({ name, country, limit }) =>
      (await searchByName(options, name, country.toUpperCase(), limit)).map(toCandidate),
  };
}
