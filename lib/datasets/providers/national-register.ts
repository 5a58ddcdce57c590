// A register of one country's companies, read by its national number and searched by name (France's,
// Norway's), as a provider. What every such register does alike lives here: a query from another
// country, or a number that is none of the register's, is not_found without a request; a search from
// another country or for a blank name finds nothing without one, and asks for no more than a page.
import type {
  CompanyCandidate,
  CompanyDataProvider,
  KnownSubset,
  ProviderResult,
} from "@/lib/datasets/providers/types";
import { ProviderError } from "@/lib/provider-errors";

export type NationalRegister<Found> = {
  id: string;
  name: string;
  isEnabled: boolean;
  country: string;
  subsets: readonly KnownSubset[];
  /** The number as the register writes it, or null when it is not one of the register's. */
  numberOf: (number: string) => string | null;
  /** What `numberOf` accepts, as the not_found message names it ("a Norwegian organisation number"). */
  numberName: string;
  /** The subsets asked of the company numbered `number`; ProviderError("not_found") when the register has none. */
  read: (number: string, subsets: KnownSubset[]) => Promise<ProviderResult>;
  recordUrl: (number: string) => string;
  /** The register's largest page: a search's limit is kept within 1 and this. */
  maxPage: number;
  /** The companies whose name matches, at most `size`, in the register's order. */
  findByName: (name: string, size: number) => Promise<Found[]>;
  toCandidate: (found: Found) => CompanyCandidate;
};

export function createNationalRegisterProvider<Found>(register: NationalRegister<Found>): CompanyDataProvider {
  return {
    id: register.id,
    name: register.name,
    isEnabled: register.isEnabled,
    subsets: register.subsets,
    countries: [register.country],
    fetch: async (query, subsets) => {
      const number = register.numberOf(query.number);
      if (query.country !== register.country || !number)
        throw new ProviderError("not_found", `${query.number} is not ${register.numberName}.`);
      const answer = await register.read(number, subsets);
      return { subsets: answer, recordUrl: register.recordUrl(number) };
    },
    search: async ({ name, country, limit }) => {
      if (country !== register.country || !name.trim()) return [];
      const size = Math.min(Math.max(limit, 1), register.maxPage);
      const found = await register.findByName(name.trim(), size);
      return found.slice(0, size).map(register.toCandidate);
    },
  };
}
