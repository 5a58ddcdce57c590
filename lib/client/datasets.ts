"use client";
// The data registry and company lookup through the typed client: types, query keys and hooks.
// Profile requests are snake_case (as the API specifies); responses are camelCase.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiClient, PostOptions } from "@/lib/client/api-client";
import { useApi } from "@/lib/client/api-context";
import type { z } from "zod";
import type { PageMeta } from "@/lib/client/api-client";
import type { LookupQuery } from "@/lib/datasets/schemas";
import type {
  DatasetSchema,
  LookupResultSchema,
  ProfileRequestSchema,
  ProfileSchema,
  ProviderSchema,
  SubsetTypeSchema,
} from "@/lib/openapi/schemas/platform";

export type SubsetType = z.output<typeof SubsetTypeSchema>;
export type Dataset = z.output<typeof DatasetSchema>;
export type Provider = z.output<typeof ProviderSchema>;
export type Profile = z.output<typeof ProfileSchema>;
export type ProfileScope = Profile["scope"];
export type ProfileRequest = z.input<typeof ProfileRequestSchema>;
export type LookupResult = z.output<typeof LookupResultSchema>;
export type LookupInput = z.input<typeof LookupQuery>;
export type LookupAttempt = LookupResult["subsets"][number]["attempts"][number];

const BASE = "/api/datasets/v1";
const enc = encodeURIComponent;

function datasetsApi(client: ApiClient) {
  const { request, data } = client;
  return {
    listDatasets: () => data(request<Dataset[]>("GET", BASE, { scoped: true })),
    subsetTypes: () => data(request<SubsetType[]>("GET", `${BASE}/subset-types`, { scoped: true })),
    providers: () => data(request<Provider[]>("GET", `${BASE}/providers`, { scoped: true })),
    listProfiles: async () => {
      const { data: items } = await request<Profile[], PageMeta>("GET", `${BASE}/profiles`, {
        scoped: true,
        query: { perPage: 200 },
      });
      return items;
    },
    getProfile: (id: string) => data(request<Profile>("GET", `${BASE}/profiles/${enc(id)}`, { scoped: true })),
    createProfile: (input: ProfileRequest, post?: PostOptions) =>
      data(request<Profile>("POST", `${BASE}/profiles`, { scoped: true, body: input, ...post })),
    updateProfile: (id: string, input: ProfileRequest) =>
      data(request<Profile>("PUT", `${BASE}/profiles/${enc(id)}`, { scoped: true, body: input })),
    deleteProfile: async (id: string): Promise<void> => {
      await request<undefined>("DELETE", `${BASE}/profiles/${enc(id)}`, { scoped: true });
    },
    lookup: (input: LookupInput) =>
      data(request<LookupResult>("GET", "/api/companies/v1/lookup", { scoped: true, query: { ...input } })),
  };
}

const datasetKeys = {
  all: (scopeId: string | null) => ["scope", scopeId, "datasets"] as const,
  list: (scopeId: string | null) => [...datasetKeys.all(scopeId), "list"] as const,
  subsetTypes: (scopeId: string | null) => [...datasetKeys.all(scopeId), "subset-types"] as const,
  providers: (scopeId: string | null) => [...datasetKeys.all(scopeId), "providers"] as const,
  profiles: (scopeId: string | null) => [...datasetKeys.all(scopeId), "profiles"] as const,
  profile: (scopeId: string | null, id: string) => [...datasetKeys.profiles(scopeId), "detail", id] as const,
};

function useDatasetsApi() {
  const { client, scopeId } = useApi();
  return { api: datasetsApi(client), scopeId };
}

export function useDatasets() {
  const { api, scopeId } = useDatasetsApi();
  return useQuery({ queryKey: datasetKeys.list(scopeId), queryFn: api.listDatasets, enabled: scopeId !== null });
}

export function useSubsetTypes() {
  const { api, scopeId } = useDatasetsApi();
  return useQuery({
    queryKey: datasetKeys.subsetTypes(scopeId),
    queryFn: api.subsetTypes,
    enabled: scopeId !== null,
    staleTime: 60_000,
  });
}

export function useProviders() {
  const { api, scopeId } = useDatasetsApi();
  return useQuery({
    queryKey: datasetKeys.providers(scopeId),
    queryFn: api.providers,
    enabled: scopeId !== null,
    staleTime: 5 * 60_000,
  });
}

export function useProfiles() {
  const { api, scopeId } = useDatasetsApi();
  return useQuery({ queryKey: datasetKeys.profiles(scopeId), queryFn: api.listProfiles, enabled: scopeId !== null });
}

export function useProfile(id: string) {
  const { api, scopeId } = useDatasetsApi();
  return useQuery({
    queryKey: datasetKeys.profile(scopeId, id),
    queryFn: () => api.getProfile(id),
    enabled: scopeId !== null,
  });
}

/** Any profile write changes which profile is default, so the whole profile list is refetched. */
function useProfileMutation<V, R>(mutationFn: (api: ReturnType<typeof datasetsApi>, v: V) => Promise<R>) {
  const { api, scopeId } = useDatasetsApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => mutationFn(api, v),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: datasetKeys.profiles(scopeId) }),
  });
}

export const useCreateProfile = () => useProfileMutation((api, input: ProfileRequest) => api.createProfile(input));
export const useUpdateProfile = () =>
  useProfileMutation((api, v: { id: string; input: ProfileRequest }) => api.updateProfile(v.id, v.input));
export const useDeleteProfile = () => useProfileMutation((api, id: string) => api.deleteProfile(id));

/** A lookup counts against the profile's usage, so it is a mutation the page runs on submit. */
export function useCompanyLookup() {
  const { api, scopeId } = useDatasetsApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LookupInput) => api.lookup(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: datasetKeys.profiles(scopeId) }),
  });
}
