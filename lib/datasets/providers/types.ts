// One interface for every company-data provider. A provider declares which subset types and
// countries it covers; the lookup asks it only for subsets it covers and falls back to the next
// provider in the profile's priority order otherwise. Normalised payloads use explicit null.
import { z } from "zod";

export type CompanyQuery = { country: string; number: string };

const decimal = z.string().regex(/^-?\d+(\.\d+)?$/, "a decimal string");
const day = z.iso.date();

const AddressSchema = z.object({
  lines: z.array(z.string()),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  country: z.string(),
});

const ShareholderSchema = z.object({
  name: z.string(),
  kind: z.enum(["person", "company"]),
  /** Decimal string, or null when the source reports control without a percentage. */
  ownershipPercent: decimal.nullable(),
  relationship: z.enum(["shareholder", "direct_parent", "ultimate_parent"]),
  lei: z.string().nullable(),
  country: z.string().nullable(),
});

/**
 * The normalised payload of each subset, whoever provides it: what a provider's transform produces,
 * and what a provider that receives it ready-made over HTTP (the sandbox registry) checks it against.
 */
export const SUBSET_PAYLOADS = {
  information: z.object({
    legalName: z.string(),
    legalForm: z.string().nullable(),
    status: z.enum(["active", "inactive", "unknown"]),
    registrationNumber: z.string(),
    registrationAuthority: z.string().nullable(),
    registeredAddress: AddressSchema.nullable(),
    foundedOn: day.nullable(),
    lei: z.string().nullable(),
  }),
  financials: z.object({
    currency: z.string().regex(/^[A-Z]{3}$/),
    fiscalYearEnd: day,
    revenue: decimal,
    equity: decimal,
    totalAssets: decimal,
    employees: z.number().int().min(0),
  }),
  rating: z.object({ score: z.number().int(), band: z.string(), assessedOn: day }),
  shareholders: z.object({ shareholders: z.array(ShareholderSchema) }),
};

export type SubsetPayloads = { [K in keyof typeof SUBSET_PAYLOADS]: z.infer<(typeof SUBSET_PAYLOADS)[K]> };
export type CompanyInformation = SubsetPayloads["information"];
export type Shareholder = z.infer<typeof ShareholderSchema>;

/** Subset keys providers know how to produce (the registry may name more; no provider serves those). */
export type KnownSubset = keyof SubsetPayloads;
export type SubsetData = SubsetPayloads[KnownSubset];

/** What a provider returns for the subsets it was asked: data, or null when it has no record of that subset. */
export type ProviderResult = Partial<Record<KnownSubset, SubsetData | null>>;

export type CompanyDataProvider = {
  id: string;
  name: string;
  /** False when switched off by configuration: the lookup reports it as skipped. */
  isEnabled: boolean;
  subsets: readonly KnownSubset[];
  /** null = every country. */
  countries: readonly string[] | null;
  fetch: (query: CompanyQuery, subsets: KnownSubset[]) => Promise<ProviderResult>;
};
