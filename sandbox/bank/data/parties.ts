// Counterparties the generator draws from: per-country everyday parties, payment processors with the
// shops behind them, and the namesakes catalogue (one party, many spellings, IBANs and intermediaries).
import { sepaCreditorId } from "@/sandbox/bank/data/creditor-id";
import COUNTRY_TABLE from "@/sandbox/bank/data/country-parties.json";
import { partyIban, type IbanCountry } from "@/sandbox/bank/data/iban";

export type Party = { name: string; country: IbanCountry };

export type CountryParties = {
  city: string;
  groceries: readonly string[];
  cafes: readonly string[];
  rail: Party;
  energy: Party;
  telecom: Party;
  insurer: Party;
  landlord: Party;
  employer: Party;
  pharmacy: string;
  fuel: string;
};

const p = (name: string, country: IbanCountry): Party => ({ name, country });

type PartyCountry = keyof typeof COUNTRY_TABLE;
const NAMED = ["rail", "energy", "telecom", "insurer", "landlord", "employer"] as const;

function countryParties(country: PartyCountry): CountryParties {
  const row = COUNTRY_TABLE[country];
  const named = Object.fromEntries(NAMED.map((key) => [key, p(row[key], country)])) as Record<
    (typeof NAMED)[number],
    Party
  >;
  return { ...row, ...named };
}

/** Everyday parties per country (data in country-parties.json; each named party banks in its country). */
export const COUNTRY_PARTIES = Object.fromEntries(
  (Object.keys(COUNTRY_TABLE) as PartyCountry[]).map((country) => [country, countryParties(country)]),
) as Record<PartyCountry, CountryParties>;

export const PROCESSORS = {
  adyen: p("Adyen N.V.", "NL"),
  stripe: p("Stripe Payments Europe Ltd", "IE"),
  paypal: p("PayPal (Europe) S.a r.l. et Cie, S.C.A.", "LU"),
  mollie: p("Mollie B.V.", "NL"),
} as const;

/** Shops that sell online, each through one processor. */
export const ONLINE_SHOPS = [
  { shop: "Zalando SE", processor: PROCESSORS.adyen, min: 2999, max: 18999 },
  { shop: "Bol.com B.V.", processor: PROCESSORS.adyen, min: 999, max: 12999 },
  { shop: "Booking.com B.V.", processor: PROCESSORS.adyen, min: 8900, max: 45000 },
  { shop: "Spotify AB", processor: PROCESSORS.stripe, min: 1099, max: 1799 },
  { shop: "Decathlon SE", processor: PROCESSORS.stripe, min: 1499, max: 9999 },
  { shop: "Vinted UAB", processor: PROCESSORS.paypal, min: 500, max: 4500 },
  { shop: "Coolblue B.V.", processor: PROCESSORS.mollie, min: 1999, max: 69900 },
] as const;

export function ibanOf(party: Party, variant = 0): string {
  return partyIban(party.country, `party|${party.name}|${variant}`);
}

export function creditorIdOf(party: Party): string {
  return sepaCreditorId(party.country, `party|${party.name}`);
}

/** One real-world party under several names, IBANs and intermediaries. */
export type Namesake = { key: string; spellings: readonly string[]; country: IbanCountry; ibanVariants: number };

export const NAMESAKES = {
  albertHeijn: {
    key: "albert-heijn",
    spellings: [
      "ALBERT HEIJN 1234 AMSTERDAM",
      "Albert Heijn B.V.",
      "AH to go",
      "AH TO GO 5678 UTRECHT",
      "albert heijn 1021 haarlem",
    ],
    country: "NL",
    ibanVariants: 2,
  },
  vattenfall: {
    key: "vattenfall",
    spellings: ["Vattenfall Klantenservice N.V.", "VATTENFALL", "Vattenfall Sales Nederland N.V."],
    country: "NL",
    ibanVariants: 2,
  },
  kpn: { key: "kpn", spellings: ["KPN B.V.", "KPN MOBILE", "Koninklijke KPN N.V."], country: "NL", ibanVariants: 2 },
  employer: {
    key: "acme",
    spellings: ["ACME Nederland B.V.", "ACME NEDERLAND BV", "Acme NL"],
    country: "NL",
    ibanVariants: 2,
  },
  bol: { key: "bol", spellings: ["Bol.com B.V.", "bol.com", "BOL.COM"], country: "NL", ibanVariants: 1 },
  spotify: { key: "spotify", spellings: ["Spotify AB", "SPOTIFY", "Spotify Premium"], country: "IE", ibanVariants: 1 },
} as const satisfies Record<string, Namesake>;

export function namesakeIban(n: Namesake, variant: number): string {
  return partyIban(n.country, `namesake|${n.key}|${variant % n.ibanVariants}`);
}

export function namesakeCreditorId(n: Namesake): string {
  return sepaCreditorId(n.country, `namesake|${n.key}`);
}

export const FIRST_NAMES = [
  "Lucas",
  "Emma",
  "Noah",
  "Julia",
  "Milan",
  "Sophie",
  "Levi",
  "Mila",
  "Finn",
  "Sara",
  "Luca",
  "Anna",
] as const;
export const LAST_NAMES = [
  "Peeters",
  "de Vries",
  "Müller",
  "Dubois",
  "García",
  "Rossi",
  "Janssens",
  "Bakker",
  "Schmidt",
  "Moreau",
] as const;
