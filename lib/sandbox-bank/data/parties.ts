// Counterparties the generator draws from: per-country everyday parties, payment processors with the
// shops behind them, and the namesakes catalogue (one party, many spellings, IBANs and intermediaries).
import { sepaCreditorId } from "@/lib/sandbox-bank/data/creditor-id";
import { partyIban, type IbanCountry } from "@/lib/sandbox-bank/data/iban";

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

export const COUNTRY_PARTIES: Record<"BE" | "NL" | "DE" | "FR" | "ES" | "IT", CountryParties> = {
  BE: {
    city: "BRUXELLES",
    groceries: [
      "DELHAIZE 0423 BRUXELLES",
      "COLRUYT 1187 ANDERLECHT",
      "CARREFOUR MARKET IXELLES",
      "ALDI 5521 ETTERBEEK",
    ],
    cafes: ["PAIN QUOTIDIEN SABLON", "EXKI GARE CENTRALE", "CAFE DU CONGO"],
    rail: p("SNCB/NMBS", "BE"),
    energy: p("Engie Electrabel", "BE"),
    telecom: p("Proximus SA", "BE"),
    insurer: p("AG Insurance SA", "BE"),
    landlord: p("Immo Sablon SRL", "BE"),
    employer: p("Brabant Analytics NV", "BE"),
    pharmacy: "MULTIPHARMA 112 BRUXELLES",
    fuel: "TOTALENERGIES 4410 WAVRE",
  },
  NL: {
    city: "AMSTERDAM",
    groceries: ["ALBERT HEIJN 1234 AMSTERDAM", "JUMBO 7710 AMSTELVEEN", "LIDL 0932 AMSTERDAM", "DIRK VD BROEK 221"],
    cafes: ["STARBUCKS AMSTERDAM CS", "CAFE DE JAREN", "BAKKERIJ VAN DER WAL"],
    rail: p("NS Reizigers B.V.", "NL"),
    energy: p("Vattenfall Klantenservice N.V.", "NL"),
    telecom: p("KPN B.V.", "NL"),
    insurer: p("Centraal Beheer", "NL"),
    landlord: p("Woonstad Amstel B.V.", "NL"),
    employer: p("Grachtwerk Software B.V.", "NL"),
    pharmacy: "ETOS 0451 AMSTERDAM",
    fuel: "SHELL 3321 DIEMEN",
  },
  DE: {
    city: "KOELN",
    groceries: ["REWE MARKT GMBH KOELN", "EDEKA SCHMIDT 2231", "ALDI SUED 0412 KOELN", "LIDL DIENSTLEISTUNG 3310"],
    cafes: ["BACKWERK KOELN HBF", "TCHIBO 0221 KOELN", "CAFE REICHARD"],
    rail: p("DB Fernverkehr AG", "DE"),
    energy: p("RheinEnergie AG", "DE"),
    telecom: p("Telekom Deutschland GmbH", "DE"),
    insurer: p("HUK-COBURG Versicherung", "DE"),
    landlord: p("Vonovia Rheinland GmbH", "DE"),
    employer: p("Rheinwerk Maschinenbau GmbH", "DE"),
    pharmacy: "DM DROGERIE MARKT 1834",
    fuel: "ARAL STATION 0221 KOELN",
  },
  FR: {
    city: "NANTES",
    groceries: ["CARREFOUR CITY NANTES", "MONOPRIX 0213 NANTES", "E.LECLERC ST HERBLAIN", "PICARD SURGELES 4410"],
    cafes: ["PAUL GARE NANTES", "CAFE DU COMMERCE", "BOULANGERIE LEGRAND"],
    rail: p("SNCF Voyageurs", "FR"),
    energy: p("EDF Clients Particuliers", "FR"),
    telecom: p("Orange SA", "FR"),
    insurer: p("MAIF", "FR"),
    landlord: p("Nantes Habitat Gestion", "FR"),
    employer: p("Ligérienne de Logiciels SAS", "FR"),
    pharmacy: "PHARMACIE DU COMMERCE NANTES",
    fuel: "TOTALENERGIES RELAIS NANTES",
  },
  ES: {
    city: "MADRID",
    groceries: ["MERCADONA 2231 MADRID", "CARREFOUR EXPRESS CHAMBERI", "DIA 4410 MADRID", "LIDL SUPERMERCADOS 0921"],
    cafes: ["CAFE COMERCIAL MADRID", "FARGGI CAFE SOL", "PANADERIA LA MIGA"],
    rail: p("Renfe Viajeros S.M.E.", "ES"),
    energy: p("Iberdrola Clientes S.A.U.", "ES"),
    telecom: p("Telefonica de Espana S.A.U.", "ES"),
    insurer: p("Mapfre Espana", "ES"),
    landlord: p("Inmobiliaria Meseta S.L.", "ES"),
    employer: p("Castellana Datos S.L.", "ES"),
    pharmacy: "FARMACIA LICENCIADO GOMEZ",
    fuel: "REPSOL 0441 ALCOBENDAS",
  },
  IT: {
    city: "VENEZIA",
    groceries: ["ESSELUNGA 0211 MESTRE", "CONAD CITY VENEZIA", "COOP 3310 VENEZIA", "PAM PANORAMA 0112"],
    cafes: ["BAR AI FRARI VENEZIA", "CAFFE FLORIAN", "PASTICCERIA ROSA SALVA"],
    rail: p("Trenitalia S.p.A.", "IT"),
    energy: p("Enel Energia S.p.A.", "IT"),
    telecom: p("TIM S.p.A.", "IT"),
    insurer: p("Generali Italia S.p.A.", "IT"),
    landlord: p("Immobiliare Lagunare S.r.l.", "IT"),
    employer: p("Laguna Sistemi S.r.l.", "IT"),
    pharmacy: "FARMACIA ALLA SALUTE",
    fuel: "ENI STATION 0412 MESTRE",
  },
};

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
