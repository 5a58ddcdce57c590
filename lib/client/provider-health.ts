"use client";
// The data registry's providers as the admin sees them (GET /api/datasets/v1/providers: configured or
// why not, rate limit, recent health, refetched while the page is open) and a profile's preview
// (which provider would answer each subset for a country, and why the others are skipped).
import type { z } from "zod";
import type { ApiClient } from "@/lib/client/api-client";
import type { Provider } from "@/lib/client/datasets";
import { domainHooks } from "@/lib/client/domain-hooks";
import { scopeKey } from "@/lib/client/query-keys";
import type { ProfilePreviewSchema } from "@/lib/openapi/schemas/platform";

export type ProviderStatus = Provider;
export type ProviderHealth = Provider["health"];
export type ProfilePreview = z.output<typeof ProfilePreviewSchema>;

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
