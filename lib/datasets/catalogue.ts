// The platform's catalogue of datasets and subset types. Each scope gets its own copy when it is
// created (provision.ts); the data_registry migration backfilled existing scopes with the same rows,
// so keep the two in step when adding a subset type (and add a migration that backfills it).
type CatalogueSubsetType = { key: string; name: string; description: string; position: number };
type CatalogueDataset = { key: string; name: string; description: string; subsetTypes: CatalogueSubsetType[] };

export const DATASET_CATALOGUE: readonly CatalogueDataset[] = [
  {
    key: "company",
    name: "Company data",
    description: "Facts about a company from official registers and data providers, fetched by company lookups.",
    subsetTypes: [
      {
        key: "information",
        name: "Company information",
        description: "Legal name, legal form, status, registered address and registration authority.",
        position: 1,
      },
      {
        key: "financials",
        name: "Financials",
        description:
          "Latest filed annual accounts: revenue, net result, equity, total assets, employees (each where the source gives it).",
        position: 2,
      },
      {
        key: "rating",
        name: "Credit rating",
        description:
          "Credit score and rating band with the date it was assessed. No public register gives one: only the sandbox registry (a simulator) serves it.",
        position: 3,
      },
      {
        key: "shareholders",
        name: "Shareholders and ownership",
        description: "Shareholders or parent entities with ownership where reported.",
        position: 4,
      },
      {
        key: "officers",
        name: "Officers and roles",
        description: "Directors, managing directors, board members and secretaries, with when they were appointed.",
        position: 5,
      },
    ],
  },
];
