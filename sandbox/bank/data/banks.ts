// The sandbox's banks (fictional): stable ids, BIC-shaped codes and the national codes their IBANs use.
import type { BankCode, IbanCountry } from "@/sandbox/bank/data/iban";

export type SandboxBank = {
  bankId: string;
  name: string;
  bic: string;
  countryCode: IbanCountry;
  code: BankCode;
  /** Brand colour for the bank's own pages. */
  colour: string;
};

const COUNTRY_NAMES = { BE: "Belgium", NL: "Netherlands", DE: "Germany", FR: "France", ES: "Spain", IT: "Italy" };

/** The countries of the sandbox's banks, in display order. */
export const COUNTRIES = Object.entries(COUNTRY_NAMES).map(([countryCode, name]) => ({ countryCode, name }));

export const BANKS: readonly SandboxBank[] = [
  {
    bankId: "sbx-be-01",
    name: "Banque du Sablon",
    bic: "SABLBEBB",
    countryCode: "BE",
    code: { bank: "731" },
    colour: "#7c2d12",
  },
  {
    bankId: "sbx-be-02",
    name: "Scheldebank",
    bic: "SCHDBE22",
    countryCode: "BE",
    code: { bank: "652" },
    colour: "#0f766e",
  },
  {
    bankId: "sbx-be-03",
    name: "Ardenne Crédit",
    bic: "ARDCBEB2",
    countryCode: "BE",
    code: { bank: "948" },
    colour: "#365314",
  },
  {
    bankId: "sbx-nl-01",
    name: "Grachtenbank",
    bic: "GRCHNL2A",
    countryCode: "NL",
    code: { bank: "GRCH" },
    colour: "#c2410c",
  },
  {
    bankId: "sbx-nl-02",
    name: "Polderspaar",
    bic: "PLDRNL2U",
    countryCode: "NL",
    code: { bank: "PLDR" },
    colour: "#1d4ed8",
  },
  {
    bankId: "sbx-de-01",
    name: "Rheinische Sandbank",
    bic: "RHSBDEFF",
    countryCode: "DE",
    code: { bank: "37040099" },
    colour: "#b91c1c",
  },
  {
    bankId: "sbx-de-02",
    name: "Spreewald Volksbank",
    bic: "SPRWDEBB",
    countryCode: "DE",
    code: { bank: "12030098" },
    colour: "#1e3a8a",
  },
  {
    bankId: "sbx-de-03",
    name: "Alpenland Sparkasse",
    bic: "ALPSDEMM",
    countryCode: "DE",
    code: { bank: "70150097" },
    colour: "#dc2626",
  },
  {
    bankId: "sbx-fr-01",
    name: "Banque de la Loire",
    bic: "BLOIFRPP",
    countryCode: "FR",
    code: { bank: "30077", branch: "04521" },
    colour: "#4338ca",
  },
  {
    bankId: "sbx-fr-02",
    name: "Crédit Provençal",
    bic: "CPROFRMM",
    countryCode: "FR",
    code: { bank: "16707", branch: "00310" },
    colour: "#047857",
  },
  {
    bankId: "sbx-es-01",
    name: "Banco Meseta",
    bic: "MESTESMM",
    countryCode: "ES",
    code: { bank: "2191", branch: "0451" },
    colour: "#a16207",
  },
  {
    bankId: "sbx-es-02",
    name: "Caixa Levante",
    bic: "CLEVESVV",
    countryCode: "ES",
    code: { bank: "3201", branch: "0087" },
    colour: "#be123c",
  },
  {
    bankId: "sbx-it-01",
    name: "Banca Lagunare",
    bic: "LAGUITMM",
    countryCode: "IT",
    code: { bank: "03411", branch: "02001" },
    colour: "#0e7490",
  },
  {
    bankId: "sbx-it-02",
    name: "Credito Appennino",
    bic: "CAPPITRR",
    countryCode: "IT",
    code: { bank: "05102", branch: "11300" },
    colour: "#6d28d9",
  },
];

export function bankById(bankId: string): SandboxBank | null {
  return BANKS.find((b) => b.bankId === bankId) ?? null;
}

const API_PREFIX = "/sandbox-bank/api";

export function bankBaseUrl(bankId: string): string {
  return `${API_PREFIX}/banks/${bankId}`;
}
