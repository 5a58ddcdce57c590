// Norway's Brønnøysund registers (data.brreg.no, no key) as a provider: `information` from
// Enhetsregisteret's unit, `financials` from Regnskapsregisteret's latest accounts, `officers` from the
// unit's roles, each asked only when its subset is, side by side; and a search by name. A unit the
// register does not hold is not_found; a unit without filed accounts or roles has those subsets null.
import {
  Enhet,
  EnhetList,
  norwayRecordUrl,
  orgnrOf,
  RegnskapList,
  Roller,
  toCandidate,
  toFinancials,
  toInformation,
  toOfficers,
} from "@/lib/datasets/providers/norway-transform";
import { exactFigures, readRegistry, type RegistryHttpOptions } from "@/lib/datasets/providers/registry-http";
import { createNationalRegisterProvider } from "@/lib/datasets/providers/national-register";
import type { CompanyDataProvider, KnownSubset, ProviderResult } from "@/lib/datasets/providers/types";
import { ProviderError } from "@/lib/provider-errors";
import type { z } from "zod";

export const NORWAY_PROVIDER_ID = "no_brreg";
const WHO = "Brønnøysundregistrene";
/** Enhetsregisteret's largest page. */
const MAX_SIZE = 100;

const read = <S extends z.ZodType>(options: RegistryHttpOptions, path: string, schema: S) =>
  readRegistry(WHO, exactFigures(options), path, schema);

export function createNorwayProvider(options: RegistryHttpOptions & { isEnabled: boolean }): CompanyDataProvider {
  return createNationalRegisterProvider({
    id: NORWAY_PROVIDER_ID,
    name: "Brønnøysundregistrene (Norway: Enhetsregisteret, Regnskapsregisteret)",
    isEnabled: options.isEnabled,
    country: "NO",
    subsets: ["information", "financials", "officers"],
    numberOf: orgnrOf,
    numberName: "a Norwegian organisation number",
    read: async (orgnr, subsets) => {
      const unit = `/enhetsregisteret/api/enheter/${orgnr}`;
      const want = (subset: KnownSubset) => subsets.includes(subset);
      const [enhet, accounts, roller] = await Promise.all([
        want("information") ? read(options, unit, Enhet) : undefined,
        want("financials") ? read(options, `/regnskapsregisteret/regnskap/${orgnr}`, RegnskapList) : undefined,
        want("officers") ? read(options, `${unit}/roller`, Roller) : undefined,
      ]);
      const answer: ProviderResult = {};
      if (enhet !== undefined) answer.information = enhet && toInformation(enhet);
      if (accounts !== undefined) answer.financials = accounts && toFinancials(accounts);
      if (roller !== undefined) answer.officers = roller && toOfficers(roller);
      if (enhet === null || Object.values(answer).every((v) => v === null))
        throw new ProviderError("not_found", `Brønnøysundregistrene has no unit with organisation number ${orgnr}.`);
      return answer;
    },
    recordUrl: norwayRecordUrl,
    maxPage: MAX_SIZE,
    findByName: async (name, size) => {
      const params = new URLSearchParams({ navn: name, size: String(size) });
      const list = await read(options, `/enhetsregisteret/api/enheter?${params.toString()}`, EnhetList);
      return list?._embedded?.enheter ?? [];
    },
    toCandidate,
  });
}
