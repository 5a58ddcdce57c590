// The sandbox registry's search by name: a name in a country always leads to the same well-formed
// number (check digits included), so a counterpart of the demo meets a company whatever it is
// called. The record under that number is the registry's generated company; the candidate keeps the
// name searched for, as a register's search answers with the names it matched.
import { createHash } from "node:crypto";
import { luhnValid, spanishValid } from "@/lib/datasets/check-digits";
import type { CompanyCandidate } from "@/lib/datasets/providers/types";
import { checkRegistrationNumber } from "@/lib/datasets/registration-number";
import { sandboxCompany } from "@/sandbox/registry/companies";

/** `count` digits taken from the hash of (seed, country, name). */
function digitsOf(seed: string, country: string, name: string, count: number): string {
  const hash = createHash("sha256").update(`${seed}|${country}|search|${name.toLowerCase()}`).digest();
  return Array.from(hash.subarray(0, count), (byte) => String(byte % 10)).join("");
}

/** The first check character (of those given) that makes `body + c` valid. */
const completed = (body: string, characters: string, valid: (value: string) => boolean) =>
  [...characters].map((c) => body + c).find(valid) ?? body;

const NUMBER_OF: Record<string, (digits: string) => string> = {
  FR: (d) => completed(d.slice(0, 8), "0123456789", luhnValid),
  IT: (d) => completed(d.slice(0, 10), "0123456789", luhnValid),
  BE: (d) => {
    const first = `0${d.slice(0, 7)}`;
    return `${first}${String(97 - (Number(first) % 97)).padStart(2, "0")}`;
  },
  NL: (d) => `${(Number(d[0]) % 9) + 1}${d.slice(1, 8)}`,
  DE: (d) => `HRB ${(Number(d[0]) % 9) + 1}${d.slice(1, 5)}`,
  ES: (d) => completed(`B${d.slice(0, 7)}`, "0123456789", spanishValid),
};

/** The companies the registry finds for a name in a country: one, or none for a country it does not hold. */
export function sandboxSearch(query: { name: string; country: string }, seed: string): CompanyCandidate[] {
  const name = query.name.trim().replace(/\s+/g, " ");
  const numberOf = NUMBER_OF[query.country];
  if (!numberOf || name.length < 2) return [];
  const checked = checkRegistrationNumber(query.country, numberOf(digitsOf(seed, query.country, name, 10)));
  const company = checked.ok ? sandboxCompany({ country: query.country, number: checked.number }, seed) : null;
  if (!checked.ok || !company) return [];
  const info = company.information;
  return [
    {
      name,
      country: query.country,
      number: checked.number,
      lei: null,
      legalForm: info.legalForm,
      status: info.status,
      address: info.registeredAddress,
      recordUrl: null,
    },
  ];
}

/** The countries a name search answers in (the test shows each one's numbers pass its own rule). */
export const SEARCH_COUNTRIES = Object.keys(NUMBER_OF);
