// Registration numbers checked per country before any provider is asked: the format first, then the
// check digits where the country has them. A wrong number gets a message that says what is wrong
// and what a right one looks like, instead of a round trip ending in "not found".
// Used by the lookup API (422 on `number`) and by the lookup form (the same words, before sending).
import { belgianValid, luhnValid, norwegianValid, spanishValid } from "@/lib/datasets/check-digits";

type NumberCheck = { ok: true; number: string } | { ok: false; message: string };

const COUNTRY_NAMES: Record<string, string> = {
  BE: "Belgium",
  NL: "the Netherlands",
  DE: "Germany",
  FR: "France",
  ES: "Spain",
  IT: "Italy",
  GB: "the United Kingdom",
  NO: "Norway",
};

type Rule = { name: string; example: string; check: (raw: string) => NumberCheck };

const compact = (raw: string) => raw.replace(/[\s.\-/]/g, "");
const typo = (shown: string, name: string, where: string) => ({
  ok: false as const,
  message: `${shown} is not a valid ${name}: ${where} does not match the rest of the number. Check it for a typo.`,
});

const RULES: Record<string, Rule> = {
  BE: {
    name: "Belgian enterprise number",
    example: "0403.170.701",
    check: (raw) => {
      const d = compact(raw).replace(/^BE/i, "");
      const ten = /^\d{9}$/.test(d) ? `0${d}` : d;
      if (!/^[01]\d{9}$/.test(ten))
        return {
          ok: false,
          message: "A Belgian enterprise number has 10 digits and starts with 0 or 1, like 0403.170.701.",
        };
      const shown = `${ten.slice(0, 4)}.${ten.slice(4, 7)}.${ten.slice(7)}`;
      return belgianValid(ten)
        ? { ok: true, number: shown }
        : typo(shown, "Belgian enterprise number", "its check number (the last two digits)");
    },
  },
  NL: {
    name: "Dutch KvK number",
    example: "34567890",
    check: (raw) =>
      /^\d{8}$/.test(compact(raw))
        ? { ok: true, number: compact(raw) }
        : { ok: false, message: "A Dutch KvK number has 8 digits, like 34567890." },
  },
  DE: {
    name: "German commercial register number",
    example: "HRB 123456",
    check: (raw) => {
      const m = /^(HRA|HRB)\s*(\d{1,6})$/i.exec(raw.trim());
      return m
        ? { ok: true, number: `${m[1].toUpperCase()} ${m[2]}` }
        : { ok: false, message: "A German register number is HRA or HRB followed by up to 6 digits, like HRB 123456." };
    },
  },
  FR: {
    name: "French SIREN",
    example: "732 829 320",
    check: (raw) => {
      const d = compact(raw);
      // A SIRET (an establishment: the SIREN and 5 digits, with a Luhn check of its own) names its company.
      if (/^\d{14}$/.test(d)) {
        const siret = `${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6, 9)} ${d.slice(9)}`;
        if (!luhnValid(d)) return typo(siret, "French SIRET", "its check digit (the last one)");
        return RULES.FR.check(d.slice(0, 9));
      }
      if (!/^\d{9}$/.test(d)) return { ok: false, message: "A French SIREN has 9 digits, like 732 829 320." };
      const shown = `${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`;
      return luhnValid(d) ? { ok: true, number: shown } : typo(shown, "French SIREN", "its check digit (the last one)");
    },
  },
  ES: {
    name: "Spanish CIF",
    example: "B12345674",
    check: (raw) => {
      const d = compact(raw).toUpperCase().replace(/^ES/, "");
      if (!/^[ABCDEFGHJNPQRSUVW]\d{7}[0-9A-J]$/.test(d))
        return {
          ok: false,
          message: "A Spanish CIF is a letter, 7 digits and a check digit or letter, like B12345674.",
        };
      return spanishValid(d) ? { ok: true, number: d } : typo(d, "Spanish CIF", "its check character (the last one)");
    },
  },
  IT: {
    name: "Italian partita IVA",
    example: "12345678903",
    check: (raw) => {
      const d = compact(raw).replace(/^IT/i, "");
      if (!/^\d{11}$/.test(d)) return { ok: false, message: "An Italian partita IVA has 11 digits, like 12345678903." };
      return luhnValid(d) ? { ok: true, number: d } : typo(d, "Italian partita IVA", "its check digit (the last one)");
    },
  },
  NO: {
    name: "Norwegian organisation number",
    example: "923 609 016",
    check: (raw) => {
      const d = compact(raw).replace(/^NO/i, "").replace(/MVA$/i, "");
      if (!/^\d{9}$/.test(d))
        return { ok: false, message: "A Norwegian organisation number has 9 digits, like 923 609 016." };
      const shown = `${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`;
      return norwegianValid(d)
        ? { ok: true, number: d }
        : typo(shown, "Norwegian organisation number", "its check digit (the last one)");
    },
  },
  GB: {
    name: "UK company number",
    example: "08957400",
    // Companies House numbers have no check digit: 8 digits (written without their leading zeros as
    // often as with), or a two-letter register prefix (SC Scotland, NI Northern Ireland, OC LLPs…) and 6.
    check: (raw) => {
      const d = compact(raw).toUpperCase();
      if (/^\d{1,8}$/.test(d)) return { ok: true, number: d.padStart(8, "0") };
      if (/^[A-Z]{2}\d{6}$/.test(d)) return { ok: true, number: d };
      return {
        ok: false,
        message:
          "A UK company number has 8 characters: 8 digits, or 2 letters and 6 digits, like 08957400 or SC123456.",
      };
    },
  },
};

/** Checks a number for a country. Countries without rules here pass unchanged (providers decide). */
export function checkRegistrationNumber(country: string, raw: string): NumberCheck {
  const rule = RULES[country.toUpperCase()];
  if (!raw.trim()) return { ok: false, message: "Enter the company's registration number." };
  return rule ? rule.check(raw) : { ok: true, number: raw.trim() };
}

/** "0403.170.701 in Belgium": how to name what was looked for. */
export function numberInCountry(country: string, number: string): string {
  const name = COUNTRY_NAMES[country.toUpperCase()];
  return name ? `${number} in ${name}` : `${number} in ${country.toUpperCase()}`;
}

export function registrationExample(country: string): { name: string; example: string } | undefined {
  const rule = RULES[country.toUpperCase()];
  return rule ? { name: rule.name, example: rule.example } : undefined;
}
