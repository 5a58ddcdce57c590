// Country tables for the sandbox company registry: the words its company names are made of, its
// cities and its register's name, as data in countries.json. Numbers are checked by
// lib/datasets/registration-number.ts (the lookup form and the API use it too).
import NAMING from "@/sandbox/registry/countries.json";

export type CountryRules = {
  authority: (city: string) => string;
  pattern: "activity-surname" | "surname-activity";
  activities: readonly string[];
  surnames: readonly string[];
  firstNames: readonly string[];
  forms: readonly string[];
  cities: readonly { city: string; postalCode: string; street: string }[];
};

type Naming = (typeof NAMING)[keyof typeof NAMING];

function rulesOf(naming: Naming): CountryRules {
  return {
    ...naming,
    // "{city}" in the register's name stands for the company's city.
    authority: (city) => naming.authority.replace("{city}", city),
    pattern: naming.pattern === "surname-activity" ? "surname-activity" : "activity-surname",
  };
}

export const SANDBOX_COUNTRIES: Record<string, CountryRules> = Object.fromEntries(
  Object.entries(NAMING).map(([code, naming]) => [code, rulesOf(naming)]),
);
