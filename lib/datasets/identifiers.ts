// A company's identifiers as the lookup reads them: a national registration number in a country,
// and its LEI. The LEI is GLEIF's identifier: GLEIF reads a record by it (`query.lei`), and its
// record gives the registration number and the country that lead to the national register; a
// national record's `information.lei` leads back to GLEIF. Pure, so it is unit-tested.
import { leiValid } from "@/lib/datasets/check-digits";
import { checkRegistrationNumber } from "@/lib/datasets/registration-number";
import type { CompanyInformation } from "@/lib/datasets/providers/types";

/** Providers that find a record from an LEI alone. */
const LEI_READERS: ReadonlySet<string> = new Set(["gleif"]);

export function readsByLei(providerId: string): boolean {
  return LEI_READERS.has(providerId);
}

export type LeiCheck = { ok: true; lei: string } | { ok: false; message: string };

export function checkLei(raw: string): LeiCheck {
  const lei = raw.replace(/\s/g, "").toUpperCase();
  if (!/^[0-9A-Z]{18}\d{2}$/.test(lei))
    return { ok: false, message: "An LEI has 20 characters: 18 letters or digits and 2 check digits." };
  return leiValid(lei)
    ? { ok: true, lei }
    : {
        ok: false,
        message: `${lei} is not a valid LEI: its check digits (the last two) do not match. Check it for a typo.`,
      };
}

/**
 * One company, one key: the number as the country's rule reads it (a SIRET names its SIREN, Dutch and
 * UK numbers keep their leading zeros), then without spaces, dots, dashes or slashes, in upper case.
 */
export function companyKey(country: string, number: string): { country: string; number: string } {
  const checked = checkRegistrationNumber(country, number);
  const read = checked.ok ? checked.number : number;
  return { country: country.toUpperCase(), number: read.replace(/[\s.\-/]/g, "").toUpperCase() };
}

/** Where an LEI record says its company is registered: the number and country a national register reads. */
export function nationalIdentity(information: CompanyInformation): { country: string; number: string } | null {
  const country = information.registeredAddress?.country ?? null;
  if (!country || !information.registrationNumber) return null;
  return { country: country.toUpperCase(), number: information.registrationNumber };
}
