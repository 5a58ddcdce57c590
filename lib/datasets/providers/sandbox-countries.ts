// Country rules for the sandbox company registry: how each country's registration numbers look (with
// their check digits where the country has one), here as code; the words its company names are made
// of, its cities and its register's name are data, in sandbox-countries.json.
import NAMING from "@/lib/datasets/providers/sandbox-countries.json";
export type CountryRules = {
  /** Normalised number, or null when the input is not a well-formed number of this country. */
  normalise: (raw: string) => string | null;
  authority: (city: string) => string;
  pattern: "activity-surname" | "surname-activity";
  activities: readonly string[];
  surnames: readonly string[];
  firstNames: readonly string[];
  forms: readonly string[];
  cities: readonly { city: string; postalCode: string; street: string }[];
  /** A valid example number (for the UI, the README and the tests). */
  example: string;
};

const digits = (raw: string) => raw.replace(/[\s.\-/]/g, "");

/** Luhn check, as used by French SIREN numbers and Italian partite IVA. */
export function luhnValid(value: string): boolean {
  let sum = 0;
  for (let i = 0; i < value.length; i++) {
    let d = Number(value[value.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** Belgian enterprise number: 10 digits, the last two are 97 − (first eight mod 97). */
export function belgianValid(value: string): boolean {
  if (!/^[01]\d{9}$/.test(value)) return false;
  return 97 - (Number(value.slice(0, 8)) % 97) === Number(value.slice(8));
}

/** Spanish CIF: letter, seven digits, control digit or letter. */
export function spanishValid(value: string): boolean {
  const m = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(value);
  if (!m) return false;
  const body = m[2];
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const d = Number(body[i]);
    if (i % 2 === 0) {
      const doubled = d * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    } else sum += d;
  }
  const control = (10 - (sum % 10)) % 10;
  return m[3] === String(control) || m[3] === "JABCDEFGHI"[control];
}

const NORMALISE: Record<keyof typeof NAMING, CountryRules["normalise"]> = {
  BE: (raw) => {
    const d = digits(raw).replace(/^BE/i, "");
    const ten = d.length === 9 ? `0${d}` : d;
    return belgianValid(ten) ? `${ten.slice(0, 4)}.${ten.slice(4, 7)}.${ten.slice(7)}` : null;
  },
  NL: (raw) => (/^\d{8}$/.test(digits(raw)) ? digits(raw) : null),
  DE: (raw) => {
    const m = /^(HRA|HRB)\s*(\d{1,6})$/i.exec(raw.trim());
    return m ? `${m[1].toUpperCase()} ${m[2]}` : null;
  },
  FR: (raw) => {
    const d = digits(raw);
    return /^\d{9}$/.test(d) && luhnValid(d) ? `${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}` : null;
  },
  ES: (raw) => {
    const d = digits(raw).toUpperCase().replace(/^ES/, "");
    return spanishValid(d) ? d : null;
  },
  IT: (raw) => {
    const d = digits(raw).replace(/^IT/i, "");
    return /^\d{11}$/.test(d) && luhnValid(d) ? d : null;
  },
};

type Naming = (typeof NAMING)[keyof typeof NAMING];

function rulesOf(code: keyof typeof NAMING, naming: Naming): CountryRules {
  return {
    ...naming,
    normalise: NORMALISE[code],
    // "{city}" in the register's name stands for the company's city.
    authority: (city) => naming.authority.replace("{city}", city),
    pattern: naming.pattern === "surname-activity" ? "surname-activity" : "activity-surname",
  };
}

export const SANDBOX_COUNTRIES: Record<string, CountryRules> = Object.fromEntries(
  Object.entries(NAMING).map(([code, naming]) => [code, rulesOf(code as keyof typeof NAMING, naming)]),
);
