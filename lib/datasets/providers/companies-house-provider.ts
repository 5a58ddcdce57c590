// Companies House (the UK's register) as a company-data provider: `information` from the company
// profile, `officers` from the officer list, `shareholders` from the persons with significant control,
// and a search by name. It serves no figures: the register has accounts filings, not their values.
import {
  getCompanyProfile,
  getOfficers,
  getPersonsWithSignificantControl,
  searchCompanies,
} from "@/lib/datasets/providers/companies-house-api";
import {
  companiesHouseRecordUrl,
  toCandidates,
  toInformation,
  toOfficers,
  toShareholders,
} from "@/lib/datasets/providers/companies-house-transform";
import type { CompanyDataProvider, KnownSubset, ProviderResult } from "@/lib/datasets/providers/types";
import { checkRegistrationNumber } from "@/lib/datasets/registration-number";
import { ProviderError } from "@/lib/provider-errors";

export const COMPANIES_HOUSE_PROVIDER_ID = "uk_companies_house";

export type CompaniesHouseOptions = {
  baseUrl: string;
  timeoutMs: number;
  /** The application's key from the Companies House developer hub; without one the provider is off. */
  apiKey: string | null;
};

const notFound = (number: string) =>
  new ProviderError("not_found", `Companies House has no company numbered ${number}.`, { status: 404 });

export function createCompaniesHouseProvider(options: CompaniesHouseOptions): CompanyDataProvider {
  const { apiKey } = options;
  const api = { baseUrl: options.baseUrl, timeoutMs: options.timeoutMs, apiKey: apiKey ?? "" };
  return {
    id: COMPANIES_HOUSE_PROVIDER_ID,
    name: "Companies House (United Kingdom)",
    isEnabled: apiKey !== null,
    ...(apiKey === null ? { disabledReason: "COMPANIES_HOUSE_API_KEY is not set." } : {}),
    subsets: ["information", "officers", "shareholders"],
    countries: ["GB"],
    fetch: async (query, subsets: KnownSubset[]) => {
      const checked = checkRegistrationNumber("GB", query.number);
      if (!checked.ok) throw notFound(query.number);
      const number = checked.number;
      // The profile first, even for officers alone: it tells a missing company (404) apart from one
      // with no officers, and the officer list's specification documents no 404.
      const profile = await getCompanyProfile(api, number);
      if (!profile) throw notFound(number);
      const [officers, controllers] = await Promise.all([
        subsets.includes("officers") ? getOfficers(api, number) : null,
        subsets.includes("shareholders") ? getPersonsWithSignificantControl(api, number) : null,
      ]);
      const result: ProviderResult = {};
      if (subsets.includes("information")) result.information = toInformation(profile);
      if (subsets.includes("officers")) result.officers = officers ? toOfficers(officers) : null;
      if (subsets.includes("shareholders")) result.shareholders = controllers ? toShareholders(controllers) : null;
      return { subsets: result, recordUrl: companiesHouseRecordUrl(profile.company_number) };
    },
    search: async ({ name, country, limit }) =>
      country.toUpperCase() === "GB" ? toCandidates(await searchCompanies(api, name, limit)) : [],
  };
}
