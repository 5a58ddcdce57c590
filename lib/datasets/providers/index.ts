// The provider registry: the known provider ids (what profiles may name), in the platform's default
// priority order, and the configured instances the lookup uses.
import { brregUrl, companiesHouseBaseUrl, env, franceRegisterUrl, gleifEnabled, sandboxRegistryUrl } from "@/lib/env";
import {
  COMPANIES_HOUSE_PROVIDER_ID,
  createCompaniesHouseProvider,
} from "@/lib/datasets/providers/companies-house-provider";
import { createFranceProvider, FRANCE_PROVIDER_ID } from "@/lib/datasets/providers/france-provider";
import { createGleifProvider, GLEIF_PROVIDER_ID } from "@/lib/datasets/providers/gleif-provider";
import { createNorwayProvider, NORWAY_PROVIDER_ID } from "@/lib/datasets/providers/norway-provider";
import { createSandboxRegistry, SANDBOX_PROVIDER_ID } from "@/lib/datasets/providers/sandbox-registry";
import type { CompanyDataProvider } from "@/lib/datasets/providers/types";

/** Default order when a profile omits provider_priorities. */
export const PROVIDER_IDS = [
  SANDBOX_PROVIDER_ID,
  GLEIF_PROVIDER_ID,
  FRANCE_PROVIDER_ID,
  NORWAY_PROVIDER_ID,
  COMPANIES_HOUSE_PROVIDER_ID,
] as const;
type ProviderId = (typeof PROVIDER_IDS)[number];

export function isProviderId(value: string): value is ProviderId {
  return (PROVIDER_IDS as readonly string[]).includes(value);
}

export function configuredProviders(): CompanyDataProvider[] {
  return [
    // Served by the banks process, so on exactly when the sandbox is (SANDBOX_BANK_ENABLED).
    createSandboxRegistry({
      baseUrl: sandboxRegistryUrl(),
      timeoutMs: env.LOOKUP_PROVIDER_TIMEOUT_MS,
      isEnabled: env.SANDBOX_BANK_ENABLED,
    }),
    createGleifProvider({
      baseUrl: env.GLEIF_BASE_URL,
      timeoutMs: env.LOOKUP_PROVIDER_TIMEOUT_MS,
      isEnabled: gleifEnabled(),
    }),
    // The real registers: off (no URL) under NODE_ENV=test unless a test points them at the banks' fakes.
    createFranceProvider({
      baseUrl: franceRegisterUrl() ?? "",
      timeoutMs: env.LOOKUP_PROVIDER_TIMEOUT_MS,
      isEnabled: franceRegisterUrl() !== null,
    }),
    createNorwayProvider({
      baseUrl: brregUrl() ?? "",
      timeoutMs: env.LOOKUP_PROVIDER_TIMEOUT_MS,
      isEnabled: brregUrl() !== null,
    }),
    companiesHouse(),
  ];
}

function companiesHouse(): CompanyDataProvider {
  const baseUrl = companiesHouseBaseUrl();
  const provider = createCompaniesHouseProvider({
    baseUrl: baseUrl ?? "",
    timeoutMs: env.LOOKUP_PROVIDER_TIMEOUT_MS,
    apiKey: env.COMPANIES_HOUSE_API_KEY ?? null,
  });
  return baseUrl === null
    ? {
        ...provider,
        isEnabled: false,
        disabledReason: "COMPANIES_HOUSE_BASE_URL is not set (tests reach no real register).",
      }
    : provider;
}

export function providerCatalogue(providers: CompanyDataProvider[] = configuredProviders()) {
  return providers.map((p) => ({
    id: p.id,
    name: p.name,
    isEnabled: p.isEnabled,
    subsetTypes: [...p.subsets],
    countries: p.countries ? [...p.countries] : null,
  }));
}
