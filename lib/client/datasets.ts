"use client";
// The data registry and company lookup through the typed client: types, query keys and hooks.
// Profile requests are snake_case (as the API specifies); responses are camelCase.
import type { ApiClient, PostOptions } from "@/lib/client/api-client";
import { domainHooks } from "@/lib/client/domain-hooks";
import { scopeKey } from "@/lib/client/query-keys";
import type { z } from "zod";
import type { LookupQuery } from "@/lib/datasets/schemas";
import type * as schemas from "@/lib/openapi/schemas/platform";

export type SubsetType = z.output<typeof schemas.SubsetTypeSchema>;
export type Dataset = z.output<typeof schemas.DatasetSchema>;
export type Provider = z.output<typeof schemas.ProviderSchema>;
export type Profile = z.output<typeof schemas.ProfileSchema>;
export type ProfileScope = Profile["scope"];
export type ProfileRequest = z.input<typeof schemas.ProfileRequestSchema>;
export type LookupResult = z.output<typeof schemas.LookupResultSchema>;
export type LookupInput = z.input<typeof LookupQuery>;
export type LookupAttempt = LookupResult["subsets"][number]["attempts"][number];

const BASE = "/api/datasets/v1";
const enc = encodeURIComponent;

function datasetsApi(client: ApiClient) {
  const { scoped } = client;
  return {
    listDatasets: () => scoped.get<Dataset[]>(BASE),
    subsetTypes: () => scoped.get<SubsetType[]>(`${BASE}/subset-types`),
    providers: () => scoped.get<Provider[]>(`${BASE}/providers`),
    listProfiles: async () => (await scoped.page<Profile>(`${BASE}/profiles`, { perPage: 200 })).items,
    getProfile: (id: string) => scoped.get<Profile>(`${BASE}/profiles/${enc(id)}`),
    createProfile: (input: ProfileRequest, post?: PostOptions) =>
      scoped.send<Profile>("POST", `${BASE}/profiles`, input, post),
    updateProfile: (id: string, input: ProfileRequest) =>
      scoped.send<Profile>("PUT", `${BASE}/profiles/${enc(id)}`, input),
    deleteProfile: async (id: string): Promise<void> => {
      await scoped.send<undefined>("DELETE", `${BASE}/profiles/${enc(id)}`);
    },
    lookup: (input: LookupInput) => scoped.get<LookupResult>("/api/companies/v1/lookup", { ...input }),
  };
}

const datasetKeys = {
  all: (scopeId: string | null) => scopeKey(scopeId, "datasets"),
  list: (scopeId: string | null) => [...datasetKeys.all(scopeId), "list"] as const,
  subsetTypes: (scopeId: string | null) => [...datasetKeys.all(scopeId), "subset-types"] as const,
  providers: (scopeId: string | null) => [...datasetKeys.all(scopeId), "providers"] as const,
  profiles: (scopeId: string | null) => [...datasetKeys.all(scopeId), "profiles"] as const,
  profile: (scopeId: string | null, id: string) => [...datasetKeys.profiles(scopeId), "detail", id] as const,
};

const datasets = domainHooks(datasetsApi);

export const useDatasets = () => datasets.useQuery({ key: datasetKeys.list, fetch: (api) => api.listDatasets() });

export const useSubsetTypes = () =>
  datasets.useQuery({ key: datasetKeys.subsetTypes, fetch: (api) => api.subsetTypes(), staleTime: 60_000 });

export const useProviders = () =>
  datasets.useQuery({ key: datasetKeys.providers, fetch: (api) => api.providers(), staleTime: 5 * 60_000 });

export const useProfiles = () => datasets.useQuery({ key: datasetKeys.profiles, fetch: (api) => api.listProfiles() });

export const useProfile = (id: string) =>
  datasets.useQuery({ key: (s) => datasetKeys.profile(s, id), fetch: (api) => api.getProfile(id) });

/**
 * Any profile write changes which profile is default, so the whole profile list is refetched. A
 * lookup counts against the profile's usage: it is a change too, which the page runs on submit.
 */
const useProfileChange = <V, R>(run: (api: ReturnType<typeof datasetsApi>, input: V) => Promise<R>) =>
  datasets.useChange(run, (s) => [datasetKeys.profiles(s)]);

export const useCreateProfile = () => useProfileChange((api, input: ProfileRequest) => api.createProfile(input));
export const useUpdateProfile = () =>
  useProfileChange((api, v: { id: string; input: ProfileRequest }) => api.updateProfile(v.id, v.input));
export const useDeleteProfile = () => useProfileChange((api, id: string) => api.deleteProfile(id));
export const useCompanyLookup = () => useProfileChange((api, input: LookupInput) => api.lookup(input));
