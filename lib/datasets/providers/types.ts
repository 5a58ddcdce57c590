// One interface for every company-data provider. A provider declares which subset types and
// countries it covers; the lookup asks it only for subsets it covers and falls back to the next
// provider in the profile's priority order otherwise. Normalised payloads use explicit null.
import { z } from "zod";

/**
 * A company as the lookup asks for it: its registration number in a country, and its LEI when one is
 * known (a provider that can read a record by LEI prefers it; the others ignore it).
 */
export type CompanyQuery = { country: string; number: string; lei?: string | null };

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
  /**
   * The band a register states instead of a figure (UK persons with significant control: "25-50",
   * "50-75", "75-100"); absent where the source gives none.
   */
  ownershipBand: z.string().nullable().optional(),
  relationship: z.enum(["shareholder", "direct_parent", "ultimate_parent"]),
  lei: z.string().nullable(),
  country: z.string().nullable(),
});

/** A person or company holding a role: director, managing director, secretary, board member, auditor… */
const OfficerSchema = z.object({
  name: z.string(),
  kind: z.enum(["person", "company"]),
  /** The source's own words for the role (e.g. "director", "Daglig leder", "Président"). */
  role: z.string(),
  appointedOn: day.nullable(),
  /** Set for a role that has ended, when the source still lists it. */
  resignedOn: day.nullable(),
});

/**
 * The normalised payload of each subset, whoever provides it: what a provider's transform produces,
 * and what a provider that receives it ready-made over HTTP (the sandbox registry) checks it against.
 */
export const SUBSET_PAYLOADS = {
  information: z.object({
    legalName: z.string(),
    legalForm: z.string().nullable(),
    /** inactive: struck off, dissolved, ceased or in liquidation; `statusDetail` keeps the source's words. */
    status: z.enum(["active", "inactive", "unknown"]),
    statusDetail: z.string().nullable(),
    registrationNumber: z.string(),
    registrationAuthority: z.string().nullable(),
    registeredAddress: AddressSchema.nullable(),
    foundedOn: day.nullable(),
    lei: z.string().nullable(),
  }),
  // The latest filed year. A figure the source does not give is null, never estimated.
  financials: z.object({
    currency: z.string().regex(/^[A-Z]{3}$/),
    fiscalYearEnd: day,
    revenue: decimal.nullable(),
    netResult: decimal.nullable(),
    equity: decimal.nullable(),
    totalAssets: decimal.nullable(),
    employees: z.number().int().min(0).nullable(),
  }),
  rating: z.object({ score: z.number().int(), band: z.string(), assessedOn: day }),
  shareholders: z.object({ shareholders: z.array(ShareholderSchema) }),
  officers: z.object({ officers: z.array(OfficerSchema) }),
};

export type SubsetPayloads = { [K in keyof typeof SUBSET_PAYLOADS]: z.infer<(typeof SUBSET_PAYLOADS)[K]> };
export type CompanyInformation = SubsetPayloads["information"];
export type Shareholder = z.infer<typeof ShareholderSchema>;
export type Officer = z.infer<typeof OfficerSchema>;
export type Address = z.infer<typeof AddressSchema>;

/** Subset keys providers know how to produce (the registry may name more; no provider serves those). */
export type KnownSubset = keyof SubsetPayloads;
export type SubsetData = SubsetPayloads[KnownSubset];

/** What a provider returns for the subsets it was asked: data, or null when it has no record of that subset. */
export type ProviderResult = Partial<Record<KnownSubset, SubsetData | null>>;

/** A provider's answer: the subsets, and the source's own page for the record (provenance), when it has one. */
export type ProviderAnswer = { subsets: ProviderResult; recordUrl: string | null };

/** A company a register found by name: enough to tell candidates apart and to look one up. */
export type CompanyCandidate = {
  name: string;
  country: string;
  /** The national registration number, as the lookup takes it for this country. */
  number: string;
  lei: string | null;
  legalForm: string | null;
  status: CompanyInformation["status"];
  address: Address | null;
  recordUrl: string | null;
};

/** A candidate as it crosses HTTP (the sandbox registry's answer, the API's): checked against this. */
export const CompanyCandidateSchema = z.object({
  name: z.string(),
  country: z.string(),
  number: z.string(),
  lei: z.string().nullable(),
  legalForm: z.string().nullable(),
  status: SUBSET_PAYLOADS.information.shape.status,
  address: AddressSchema.nullable(),
  recordUrl: z.string().nullable(),
}) satisfies z.ZodType<CompanyCandidate>;

export type NameQuery = { name: string; country: string; limit: number };

export type CompanyDataProvider = {
  id: string;
  name: string;
  /** False when switched off by configuration: the lookup reports it as skipped. */
  isEnabled: boolean;
  /** Why it is off, when configuration leaves it off (e.g. "COMPANIES_HOUSE_API_KEY is not set"). */
  disabledReason?: string;
  subsets: readonly KnownSubset[];
  /** null = every country. */
  countries: readonly string[] | null;
  fetch: (query: CompanyQuery, subsets: KnownSubset[]) => Promise<ProviderAnswer>;
  /** Companies whose name matches, in the register's own order; absent when the register cannot search by name. */
  search?: (query: NameQuery) => Promise<CompanyCandidate[]>;
};
