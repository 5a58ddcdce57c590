// One interface for every company-data provider. A provider declares which subset types and
// countries it covers; the lookup asks it only for subsets it covers and falls back to the next
// provider in the profile's priority order otherwise. Normalised payloads use explicit null.
export type CompanyQuery = { country: string; number: string };

export type Address = {
  lines: string[];
  postalCode: string | null;
  city: string | null;
  region: string | null;
  country: string;
};

export type CompanyInformation = {
  legalName: string;
  legalForm: string | null;
  status: "active" | "inactive" | "unknown";
  registrationNumber: string;
  registrationAuthority: string | null;
  registeredAddress: Address | null;
  foundedOn: string | null;
  lei: string | null;
};

export type CompanyFinancials = {
  currency: string;
  fiscalYearEnd: string;
  revenue: string;
  equity: string;
  totalAssets: string;
  employees: number;
};

export type CompanyRating = { score: number; band: string; assessedOn: string };

export type Shareholder = {
  name: string;
  kind: "person" | "company";
  /** Decimal string, or null when the source reports control without a percentage. */
  ownershipPercent: string | null;
  relationship: "shareholder" | "direct_parent" | "ultimate_parent";
  lei: string | null;
  country: string | null;
};

export type SubsetPayloads = {
  information: CompanyInformation;
  financials: CompanyFinancials;
  rating: CompanyRating;
  shareholders: { shareholders: Shareholder[] };
};

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
