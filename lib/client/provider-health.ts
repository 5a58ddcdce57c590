"use client";
// The data registry's providers as the admin sees them (GET /api/datasets/v1/providers: configured or
// why not, rate limit, recent health) and a profile's preview (which provider would answer each
// subset for a country, and why the others are skipped). The health and configuration fields come
// with the lookup engine; a server without them answers the catalogue alone, and the page shows only
// what it was given.
import type { ApiClient } from "@/lib/client/api-client";
import type { Provider } from "@/lib/client/datasets";
import { domainHooks } from "@/lib/client/domain-hooks";
import { scopeKey } from "@/lib/client/query-keys";

export type ProviderHealth = {
  windowHours: number;
  served: number;
  notFound: number;
  failed: number;
  rateLimited: number;
  lastFailureAt: string | null;
  lastFailureReason: string | null;
  circuit: "closed" | "open" | "half_open";
};

export type ProviderStatus = Provider & {
  configured?: boolean;
  offReason?: string | null;
  rateLimit?: { points: number; perSeconds: number };
  health?: ProviderHealth;
};

export type ProfilePreview = {
  country: string;
  subsets: { subset: string; provider: string | null; skipped: { provider: string; reason: string }[] }[];
};

const enc = encodeURIComponent;

function providerApi(client: ApiClient) {
  return {
    providers: () => client.scoped.get<ProviderStatus[]>("/api/datasets/v1/providers"),
    preview: (profileId: string, country: string) =>
      client.scoped.get<ProfilePreview>(`/api/datasets/v1/profiles/${enc(profileId)}/preview`, { country }),
  };
}

const hooks = domainHooks(providerApi);
const keys = {
  providers: (s: string | null) => [...scopeKey(s, "datasets"), "provider-status"] as const,
  preview: (s: string | null, id: string, country: string) =>
    [...scopeKey(s, "datasets"), "preview", id, country] as const,
};

/** Health moves with every lookup: refetched each minute while the page is open. */
export const useProviderStatus = () =>
  hooks.useQuery({ key: keys.providers, fetch: (api) => api.providers(), refetchInterval: 60_000 });

export const useProfilePreview = (profileId: string, country: string) =>
  hooks.useQuery({
    key: (s) => keys.preview(s, profileId, country),
    fetch: (api) => api.preview(profileId, country),
    enabled: profileId !== "" && /^[A-Z]{2}$/.test(country),
    retry: false,
  });
