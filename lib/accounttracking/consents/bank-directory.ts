// Countries with banks across integrations: what GET /supported-countries answers and what the
// hosted bank picker offers (for the consent's one integration).
import type { BankIntegration } from "@/lib/banking/interface";
import { bankFailure } from "@/lib/accounttracking/consents/bank-errors";
import { log } from "@/lib/log";

type CountryWithBanks = { countryCode: string; name: string; bankCount: number };

/** Merged across the integrations, by name; one that cannot answer is left out unless none can. */
export async function countriesWithBanks(integrations: BankIntegration[]): Promise<CountryWithBanks[]> {
  const countries = new Map<string, CountryWithBanks>();
  let failures = 0;
  let lastError: unknown = null;
  for (const integration of integrations) {
    try {
      for (const c of await integration.listCountries()) {
        const banks = await integration.listBanks(c.countryCode);
        const entry = countries.get(c.countryCode) ?? { countryCode: c.countryCode, name: c.name, bankCount: 0 };
        entry.bankCount += banks.length;
        countries.set(c.countryCode, entry);
      }
    } catch (error) {
      // One integration that cannot answer does not hide the others' countries; it is logged.
      log.warn("an integration's countries could not be listed", { integration: integration.name, error });
      failures += 1;
      lastError = error;
    }
  }
  if (integrations.length > 0 && failures === integrations.length) throw bankFailure(lastError);
  return [...countries.values()].filter((c) => c.bankCount > 0).sort((a, b) => a.name.localeCompare(b.name));
}
