// IBANs per country with the ISO 13616 mod-97 check digits and, where the country has one, the
// national check inside the BBAN (BE mod 97, FR clé RIB, ES dígitos de control, IT CIN).
import { digitsFor, lettersFor } from "@/sandbox/bank/data/hash";

export const IBAN_LENGTH = { BE: 16, NL: 18, DE: 22, FR: 27, ES: 24, IT: 27, IE: 22, LU: 20 } as const;
export type IbanCountry = keyof typeof IBAN_LENGTH;

/** The national bank identifier parts a bank needs to issue IBANs. */
export type BankCode = { bank: string; branch?: string };

function mod97(numeric: string): number {
  let rest = 0;
  for (let i = 0; i < numeric.length; i += 7) rest = Number(String(rest) + numeric.slice(i, i + 7)) % 97;
  return rest;
}

function toDigits(text: string): string {
  return text
    .toUpperCase()
    .split("")
    .map((c) => (c >= "A" && c <= "Z" ? String(c.charCodeAt(0) - 55) : c))
    .join("");
}

export function ibanCheckDigits(country: string, bban: string): string {
  return String(98 - mod97(toDigits(`${bban}${country}00`))).padStart(2, "0");
}

export function isValidIban(iban: string): boolean {
  const compact = iban.replace(/\s+/g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(compact)) return false;
  const length = IBAN_LENGTH[compact.slice(0, 2) as IbanCountry];
  if (length !== undefined && compact.length !== length) return false;
  return mod97(toDigits(compact.slice(4) + compact.slice(0, 4))) === 1;
}

function frRibKey(bank: string, branch: string, account: string): string {
  const n = BigInt(toDigitsFr(bank)) * 89n + BigInt(toDigitsFr(branch)) * 15n + BigInt(toDigitsFr(account)) * 3n;
  return String(97n - (n % 97n)).padStart(2, "0");
}

/** The clé RIB maps letters A-I, J-R, S-Z to 1-9, 1-9, 2-9. */
function toDigitsFr(text: string): string {
  const map = "12345678912345678923456789";
  return text.replace(/[A-Z]/g, (c) => map[c.charCodeAt(0) - 65]);
}

function esControl(digits: string): string {
  const weights = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];
  const sum = digits.split("").reduce((acc, d, i) => acc + Number(d) * weights[i], 0);
  const r = 11 - (sum % 11);
  return String(r === 11 ? 0 : r === 10 ? 1 : r);
}

const IT_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

function itCin(rest: string): string {
  let sum = 0;
  for (let i = 0; i < rest.length; i++) {
    const c = rest[i];
    const v = c >= "0" && c <= "9" ? c.charCodeAt(0) - 48 : c.charCodeAt(0) - 65;
    sum += i % 2 === 0 ? IT_ODD[v] : v;
  }
  return String.fromCharCode(65 + (sum % 26));
}

const fit = (value: string, length: number) => value.padStart(length, "0").slice(0, length);

/** The BBAN for a deterministic account number drawn from `seed`. */
function makeBban(country: IbanCountry, code: BankCode, seed: string): string {
  switch (country) {
    case "BE": {
      const first10 = fit(code.bank, 3) + digitsFor(seed, 7);
      const check = Number(BigInt(first10) % 97n) || 97;
      return first10 + String(check).padStart(2, "0");
    }
    case "NL":
      return fit(code.bank, 4) + digitsFor(seed, 10);
    case "DE":
      return fit(code.bank, 8) + digitsFor(seed, 10);
    case "FR": {
      const bank = fit(code.bank, 5);
      const branch = fit(code.branch ?? "00001", 5);
      const account = digitsFor(seed, 11);
      return bank + branch + account + frRibKey(bank, branch, account);
    }
    case "ES": {
      const bank = fit(code.bank, 4);
      const branch = fit(code.branch ?? "0001", 4);
      const account = digitsFor(seed, 10);
      return bank + branch + esControl(`00${bank}${branch}`) + esControl(account) + account;
    }
    case "IT": {
      const rest = fit(code.bank, 5) + fit(code.branch ?? "01600", 5) + digitsFor(seed, 12);
      return itCin(rest) + rest;
    }
    case "IE":
      return fit(code.bank, 4) + fit(code.branch ?? "990511", 6) + digitsFor(seed, 8);
    case "LU":
      return fit(code.bank, 3) + digitsFor(seed, 13);
  }
}

export function makeIban(country: IbanCountry, code: BankCode, seed: string): string {
  const bban = makeBban(country, code, seed);
  return `${country}${ibanCheckDigits(country, bban)}${bban}`;
}

/** A counterparty IBAN at a fictional bank of the country, for parties outside the sandbox. */
const partyIbans = new Map<string, string>();

export function partyIban(country: IbanCountry, seed: string): string {
  const key = `${country}|${seed}`;
  const hit = partyIbans.get(key);
  if (hit) return hit;
  if (partyIbans.size > 5_000) partyIbans.clear();
  const iban = makePartyIban(country, seed);
  partyIbans.set(key, iban);
  return iban;
}

function makePartyIban(country: IbanCountry, seed: string): string {
  const bank = country === "NL" || country === "IE" ? lettersFor(`${seed}|bank`, 4) : digitsFor(`${seed}|bank`, 8);
  return makeIban(country, { bank, branch: digitsFor(`${seed}|branch`, 6) }, seed);
}

/** Exposed for tests of the national checks. */
export const nationalChecks = { frRibKey, esControl, itCin };
