// HTTP for Companies House's Public Data API (https://api.company-information.service.gov.uk). The key
// goes as HTTP Basic, the key as user name and an empty password, as Companies House's guide says.
// The base URL comes from configuration, so tests and the demo point it at the banks' fake.
import {
  ChCompanyProfile,
  ChCompanySearch,
  ChOfficerList,
  ChPscList,
} from "@/lib/datasets/providers/companies-house-transform";
import { readRegistry, type RegistryHttpOptions } from "@/lib/datasets/providers/registry-http";

export type CompaniesHouseApiOptions = { baseUrl: string; timeoutMs: number; apiKey: string };

const WHO = "Companies House";
// The most a list page holds; a company with more officers or controllers than this is rare.
const PAGE = "100";

const http = (options: CompaniesHouseApiOptions): RegistryHttpOptions => ({
  baseUrl: options.baseUrl,
  timeoutMs: options.timeoutMs,
  headers: { authorization: `Basic ${Buffer.from(`${options.apiKey}:`).toString("base64")}` },
});

const companyPath = (number: string) => `/company/${encodeURIComponent(number)}`;

/** The company profile, or null when the register has no such company (404). */
export async function getCompanyProfile(options: CompaniesHouseApiOptions, number: string) {
  return readRegistry(WHO, http(options), companyPath(number), ChCompanyProfile);
}

export async function getOfficers(options: CompaniesHouseApiOptions, number: string) {
  const query = new URLSearchParams({ items_per_page: PAGE });
  return readRegistry(WHO, http(options), `${companyPath(number)}/officers?${query.toString()}`, ChOfficerList);
}

/** The specification makes all three query parameters required, so all three are sent. */
export async function getPersonsWithSignificantControl(options: CompaniesHouseApiOptions, number: string) {
  const query = new URLSearchParams({ items_per_page: PAGE, start_index: "0", register_view: "false" });
  const path = `${companyPath(number)}/persons-with-significant-control?${query.toString()}`;
  return readRegistry(WHO, http(options), path, ChPscList);
}

export async function searchCompanies(options: CompaniesHouseApiOptions, name: string, limit: number) {
  const query = new URLSearchParams({ q: name, items_per_page: String(limit) });
  return (
    (await readRegistry(WHO, http(options), `/search/companies?${query.toString()}`, ChCompanySearch)) ?? { items: [] }
  );
}
