// SEPA creditor identifiers: CC + check digits + 3-character business code + national id. The check
// digits are ISO 7064 mod 97-10 over the national id and the country code, skipping the business code.
import { ibanCheckDigits } from "@/sandbox/bank/data/iban";
import { digitsFor } from "@/sandbox/bank/data/hash";

const NATIONAL_ID_LENGTH: Record<string, number> = { BE: 10, NL: 12, DE: 11, FR: 6, ES: 9, IT: 16, IE: 6, LU: 10 };

export function sepaCreditorId(country: string, seed: string, businessCode = "ZZZ"): string {
  const national = digitsFor(`${seed}|cid`, NATIONAL_ID_LENGTH[country] ?? 10);
  return `${country}${ibanCheckDigits(country, national)}${businessCode}${national}`;
}

export function isValidCreditorId(value: string): boolean {
  const m = /^([A-Z]{2})(\d{2})[A-Z0-9]{3}([A-Z0-9]{1,28})$/.exec(value);
  return m !== null && ibanCheckDigits(m[1], m[3]) === m[2];
}
