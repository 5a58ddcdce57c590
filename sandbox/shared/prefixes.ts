// Where each bank lives below the banks' origin (SANDBOX_BANK_URL): the same paths as when they were
// served by the app, so a bookmark, a test or a configured API URL only changes its origin.
export const SANDBOX_BANK_PREFIX = "/sandbox-bank";
export const EB_FAKE_PREFIX = "/enablebanking-fake";
export const GC_FAKE_PREFIX = "/gocardless-fake";
export const SANDBOX_REGISTRY_PREFIX = "/sandbox-registry";
// The company registers' fakes (sandbox/registers/), each answering as its register's definition says.
export const FRANCE_REGISTER_PREFIX = "/recherche-entreprises-fake";
export const NORWAY_REGISTER_PREFIX = "/brreg-fake";
export const COMPANIES_HOUSE_REGISTER_PREFIX = "/companies-house-fake";
export const GLEIF_REGISTER_PREFIX = "/gleif-fake";
