"use client";
// "Who is this?" through the typed client: a counterpart's registry candidates and the binding to
// one of them. The binding changes the counterpart and may make a client, so every counterpart and
// client query of the scope refetches after it.
import type { z } from "zod";
import { counterpartKeys, type Counterpart } from "@/lib/client/counterparts";
import type { ApiClient } from "@/lib/client/api-client";
import type { LookupResult } from "@/lib/client/datasets";
import { domainHooks } from "@/lib/client/domain-hooks";
import { queryKeys } from "@/lib/client/query-keys";
import type { CompanyBody } from "@/lib/counterparts/schemas";
import type * as schemas from "@/lib/openapi/schemas/counterparts";

export type CompanyCandidates = z.output<typeof schemas.CompanyCandidatesSchema>;
export type CompanyCandidate = CompanyCandidates["candidates"][number];
export type BoundCompany = NonNullable<z.output<typeof schemas.BoundCompanySchema>>;
type CompanyChoice = z.input<typeof CompanyBody>;
type Search = { name?: string; country?: string };

const BASE = "/api/accounttracking/v1/counterparts";
const enc = encodeURIComponent;

function companyApi(client: ApiClient) {
  return {
    candidates: (id: string, search: Search) =>
      client.scoped.get<CompanyCandidates>(`${BASE}/${enc(id)}/company-candidates`, {
        name: search.name || undefined,
        country: search.country || undefined,
      }),
    bind: (id: string, choice: CompanyChoice) =>
      client.scoped.send<Counterpart>("PUT", `${BASE}/${enc(id)}/company`, choice),
    /** The company through the lookup, with the bound client as its entity (an entity profile applies first). */
    lookup: (bound: BoundCompany) =>
      client.scoped.get<LookupResult>("/api/companies/v1/lookup", {
        country: bound.country,
        number: bound.number,
        lei: bound.lei ?? undefined,
        entityType: "client",
        entityId: bound.clientId,
      }),
  };
}

const company = domainHooks(companyApi);

/** The candidates for the search as last submitted (empty: the server's defaults). */
export const useCompanyCandidates = (id: string, search: Search) =>
  company.useQuery({
    key: (s) => [...counterpartKeys.detail(s, id), "company-candidates", search] as const,
    fetch: (api) => api.candidates(id, search),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** The bound company's data as its profile allows; each view is a lookup (it counts against the profile). */
export const useBoundCompanyLookup = (id: string, bound: BoundCompany) =>
  company.useQuery({
    key: (s) => [...counterpartKeys.detail(s, id), "company-lookup", bound] as const,
    fetch: (api) => api.lookup(bound),
    staleTime: 5 * 60_000,
    retry: false,
  });

export const useBindCompany = (id: string) =>
  company.useChange(
    (api, choice: CompanyChoice) => api.bind(id, choice),
    (s) => [counterpartKeys.all(s), queryKeys.clients.all(s)],
  );
