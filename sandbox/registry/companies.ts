// The sandbox company registry's companies: deterministic for BE, NL, DE, FR, ES and IT. Every
// well-formed registration number (check digits included) yields a company; the same seed and
// number always yield the same company. A malformed number has none, as in a real register.
//
// The number is read with the product's own rules (lib/datasets/registration-number.ts, pure: a
// country's format and check digits), so the registry and the lookup form agree on what a number is.
import { createHash } from "node:crypto";
import { checkRegistrationNumber } from "@/lib/datasets/registration-number";
import type { CompanyQuery, SubsetPayloads } from "@/lib/datasets/providers/types";
import { SANDBOX_COUNTRIES, type CountryRules } from "@/sandbox/registry/countries";

/** A tiny deterministic generator over SHA-256 of (seed, country, number, purpose). */
function generator(seed: string, country: string, number: string, purpose: string) {
  let counter = 0;
  let pool = Buffer.alloc(0);
  const next = (): number => {
    if (pool.length < 4) {
      pool = createHash("sha256").update(`${seed}|${country}|${number}|${purpose}|${counter++}`).digest();
    }
    const value = pool.readUInt32BE(0);
    pool = pool.subarray(4);
    return value / 2 ** 32;
  };
  return {
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
  };
}

const pad = (n: number) => String(n).padStart(2, "0");
const money = (n: number) => `${n}.00`;

function information(
  rules: CountryRules,
  country: string,
  number: string,
  seed: string,
): SubsetPayloads["information"] {
  const g = generator(seed, country, number, "information");
  const activity = g.pick(rules.activities);
  const surname = g.pick(rules.surnames);
  const form = g.pick(rules.forms);
  const place = g.pick(rules.cities);
  const legalName =
    rules.pattern === "surname-activity" ? `${surname} ${activity} ${form}` : `${activity} ${surname} ${form}`;
  return {
    legalName,
    legalForm: form,
    ...(g.int(1, 20) === 1
      ? { status: "inactive" as const, statusDetail: "struck off" }
      : { status: "active" as const, statusDetail: null }),
    registrationNumber: number,
    registrationAuthority: rules.authority(place.city),
    registeredAddress: {
      lines: [`${place.street} ${g.int(1, 180)}`],
      postalCode: place.postalCode,
      city: place.city,
      region: null,
      country,
    },
    foundedOn: `${g.int(1950, 2022)}-${pad(g.int(1, 12))}-${pad(g.int(1, 28))}`,
    lei: null,
  };
}

function financials(country: string, number: string, seed: string): SubsetPayloads["financials"] {
  const g = generator(seed, country, number, "financials");
  const revenue = g.int(200, 50_000) * 1000;
  return {
    currency: "EUR",
    fiscalYearEnd: "2025-12-31",
    revenue: money(revenue),
    netResult: money(Math.round((revenue * g.int(-5, 15)) / 100)),
    equity: money(Math.round((revenue * g.int(10, 40)) / 100)),
    totalAssets: money(Math.round((revenue * g.int(50, 120)) / 100)),
    employees: g.int(2, 400),
  };
}

function rating(country: string, number: string, seed: string): SubsetPayloads["rating"] {
  const g = generator(seed, country, number, "rating");
  const score = g.int(1, 100);
  const band = score >= 80 ? "A" : score >= 60 ? "B" : score >= 40 ? "C" : score >= 20 ? "D" : "E";
  return { score, band, assessedOn: `2026-${pad(g.int(1, 10))}-${pad(g.int(1, 28))}` };
}

function shareholders(
  rules: CountryRules,
  country: string,
  number: string,
  seed: string,
): SubsetPayloads["shareholders"] {
  const g = generator(seed, country, number, "shareholders");
  const count = g.int(1, 3);
  let remaining = 100;
  const list: SubsetPayloads["shareholders"]["shareholders"] = [];
  for (let i = 0; i < count; i++) {
    const share = i === count - 1 ? remaining : g.int(10, remaining - 10 * (count - i - 1));
    remaining -= share;
    const isCompany = g.int(1, 3) === 1;
    const surname = g.pick(rules.surnames);
    list.push({
      name: isCompany ? `${surname} Holding ${g.pick(rules.forms)}` : `${g.pick(rules.firstNames)} ${surname}`,
      kind: isCompany ? "company" : "person",
      ownershipPercent: `${share}.00`,
      relationship: "shareholder",
      lei: null,
      country,
    });
  }
  return { shareholders: list };
}

const ROLES = ["director", "managing director", "secretary", "chair of the board"] as const;

function officers(rules: CountryRules, country: string, number: string, seed: string): SubsetPayloads["officers"] {
  const g = generator(seed, country, number, "officers");
  const count = g.int(1, 3);
  return {
    officers: Array.from({ length: count }, (_, i) => ({
      name: `${g.pick(rules.firstNames)} ${g.pick(rules.surnames)}`,
      kind: "person" as const,
      role: i === 0 ? ROLES[1] : g.pick(ROLES),
      appointedOn: `${g.int(2000, 2025)}-${pad(g.int(1, 12))}-${pad(g.int(1, 28))}`,
      resignedOn: null,
    })),
  };
}

/** The company a register holds under this number, or null when it holds none. */
export function sandboxCompany(query: CompanyQuery, seed: string): SubsetPayloads | null {
  const rules = SANDBOX_COUNTRIES[query.country];
  const checked = checkRegistrationNumber(query.country, query.number);
  if (!rules || !checked.ok) return null;
  const number = checked.number;
  return {
    information: information(rules, query.country, number, seed),
    financials: financials(query.country, number, seed),
    rating: rating(query.country, number, seed),
    shareholders: shareholders(rules, query.country, number, seed),
    officers: officers(rules, query.country, number, seed),
  };
}
