"use client";
// Account tracking through the typed client: types, query keys and react-query hooks.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient, PostOptions } from "@/lib/client/api-client";
import { domainHooks } from "@/lib/client/domain-hooks";
import { scopeKey } from "@/lib/client/query-keys";
import type { z } from "zod";
import type { CreateConsentBody } from "@/lib/accounttracking/schemas";
import type * as schemas from "@/lib/openapi/schemas/accounttracking";

export type Consent = z.output<typeof schemas.ConsentSchema>;
export type ConsentStatus = Consent["status"];
export type Bank = z.output<typeof schemas.BankSchema>;
export type Country = z.output<typeof schemas.CountrySchema>;
export type BankAccount = z.output<typeof schemas.BankAccountSchema>;
type TrackingStatus = z.output<typeof schemas.TrackingStatusSchema>;
export type CreateConsentInput = z.input<typeof CreateConsentBody>;
export type Redirect = z.output<typeof schemas.RedirectSchema>;

const BASE = "/api/accounttracking/v1";
const enc = encodeURIComponent;

function accountTrackingApi(client: ApiClient) {
  const { scoped } = client;
  return {
    active: () => scoped.get<TrackingStatus>(`${BASE}/active`),
    register: (post?: PostOptions) => scoped.send<TrackingStatus>("POST", `${BASE}/users`, undefined, post),
    countries: () => scoped.get<Country[]>(`${BASE}/supported-countries`),
    banks: (country: string, search?: string) => scoped.get<Bank[]>(`${BASE}/banks`, { country, search }),
    listConsents: (cursor?: string) => scoped.page<Consent>(`${BASE}/consents`, { cursor, perPage: 50 }),
    getConsent: (id: string) => scoped.get<Consent>(`${BASE}/consents/${enc(id)}`),
    consentStatus: (id: string) => scoped.get<Consent>(`${BASE}/consents/${enc(id)}/status`),
    createConsent: (input: CreateConsentInput, post?: PostOptions) =>
      scoped.send<Consent>("POST", `${BASE}/consents`, input, post),
    initiateRedirect: (id: string, input: { bankId?: string; psuId?: string } = {}, post?: PostOptions) =>
      scoped.send<Redirect>("POST", `${BASE}/consents/${enc(id)}/initiate-redirect`, input, post),
    consentAccounts: (id: string) => scoped.get<BankAccount[]>(`${BASE}/consents/${enc(id)}/accounts`),
    renew: (id: string, post?: PostOptions) =>
      scoped.send<Consent>("POST", `${BASE}/consents/${enc(id)}/renew`, {}, post),
    revoke: (id: string, post?: PostOptions) =>
      scoped.send<Consent>("POST", `${BASE}/consents/${enc(id)}/revoke`, undefined, post),
  };
}

const accountTrackingKeys = {
  all: (scopeId: string | null) => scopeKey(scopeId, "accounttracking"),
  active: (scopeId: string | null) => [...accountTrackingKeys.all(scopeId), "active"] as const,
  countries: (scopeId: string | null) => [...accountTrackingKeys.all(scopeId), "countries"] as const,
  banks: (scopeId: string | null, country: string) => [...accountTrackingKeys.all(scopeId), "banks", country] as const,
  consents: (scopeId: string | null) => [...accountTrackingKeys.all(scopeId), "consents"] as const,
  consent: (scopeId: string | null, id: string) => [...accountTrackingKeys.consents(scopeId), "detail", id] as const,
  accounts: (scopeId: string | null, id: string) => [...accountTrackingKeys.consents(scopeId), "accounts", id] as const,
};

const tracking = domainHooks(accountTrackingApi);
/** Countries and their banks change rarely: kept for five minutes. */
const CATALOGUE_STALE_MS = 5 * 60_000;

export const useTrackingStatus = () =>
  tracking.useQuery({ key: accountTrackingKeys.active, fetch: (api) => api.active() });

export const useRegisterForTracking = () =>
  tracking.useChange(
    (api, _: void) => api.register(),
    (s) => [accountTrackingKeys.active(s)],
  );

export const useCountries = () =>
  tracking.useQuery({
    key: accountTrackingKeys.countries,
    fetch: (api) => api.countries(),
    staleTime: CATALOGUE_STALE_MS,
  });

export const useBanks = (country: string | null) =>
  tracking.useQuery({
    key: (s) => accountTrackingKeys.banks(s, country ?? ""),
    fetch: (api) => api.banks(country ?? ""),
    enabled: country !== null,
    staleTime: CATALOGUE_STALE_MS,
  });

export const useConsents = () =>
  tracking.useQuery({ key: accountTrackingKeys.consents, fetch: (api) => api.listConsents() });

/** The live status (asks the bank); polls while the consent is pending so a slow bank shows up. */
export const useConsentStatus = (id: string) =>
  tracking.useQuery({
    key: (s) => accountTrackingKeys.consent(s, id),
    fetch: (api) => api.consentStatus(id),
    refetchInterval: (query) => (query.state.data?.status === "pending" ? 1000 : false),
  });

export const useConsentAccounts = (id: string, enabled: boolean) =>
  tracking.useQuery({
    key: (s) => accountTrackingKeys.accounts(s, id),
    fetch: (api) => api.consentAccounts(id),
    enabled,
  });

/**
 * Creates the consent, asks for the bank's URL, and sends the browser there (a bank that approves in
 * its app: our page that follows the approval).
 */
export function useConnectBank() {
  const { api } = tracking.useApi();
  return useMutation({
    mutationFn: async ({ psuId, ...input }: CreateConsentInput & { psuId?: string }) => {
      const consent = await api.createConsent(input);
      const redirect = await api.initiateRedirect(consent.id, { bankId: input.bankId, psuId: psuId || undefined });
      return { consent, redirect };
    },
    onSuccess: ({ redirect }) => window.location.assign(redirect.authorizationUrl),
  });
}

export function useConsentAction(kind: "renew" | "revoke") {
  const { api, scopeId } = tracking.useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      if (kind === "revoke") return { consent: await api.revoke(id), redirect: null };
      const renewal = await api.renew(id);
      return { consent: renewal, redirect: await api.initiateRedirect(renewal.id) };
    },
    onSuccess: async ({ redirect }) => {
      await queryClient.invalidateQueries({ queryKey: accountTrackingKeys.consents(scopeId) });
      if (redirect) window.location.assign(redirect.authorizationUrl);
    },
  });
}
