"use client";
// Counterparts through the typed client: types, query keys and react-query hooks.
import { useQueries } from "@tanstack/react-query";
import type { ApiClient } from "@/lib/client/api-client";
import { domainHooks } from "@/lib/client/domain-hooks";
import { scopeKey } from "@/lib/client/query-keys";
import type { z } from "zod";
import type { CounterpartsQuery, ScopeCounterpartsQuery } from "@/lib/counterparts/schemas";
import type * as schemas from "@/lib/openapi/schemas/counterparts";

export type Totals = z.output<typeof schemas.TotalsSchema>;
export type CurrencyTotals = z.output<typeof schemas.CurrencyTotalsSchema>;
export type ListedCounterpart = z.output<typeof schemas.CounterpartListItemSchema>;
export type ScopeCounterpart = z.output<typeof schemas.ScopeCounterpartItemSchema>;
export type ScopeCounterpartSort = NonNullable<z.input<typeof ScopeCounterpartsQuery>["sort"]>;
export type Entity = NonNullable<ListedCounterpart["entity"]>;
export type CounterpartSort = NonNullable<z.input<typeof CounterpartsQuery>["sort"]>;
export type CounterpartName = z.output<typeof schemas.CounterpartNameSchema>;
export type Counterpart = z.output<typeof schemas.CounterpartSchema>;
export type CounterpartDetail = z.output<typeof schemas.CounterpartDetailSchema>;
export type FamilyNode = z.output<typeof schemas.FamilyNodeSchema>;
export type Consolidation = z.output<typeof schemas.ConsolidationSchema>;
type CounterpartTransaction = z.output<typeof schemas.CounterpartTransactionSchema>;
type ListParams = { q?: string; sort: CounterpartSort; order: "asc" | "desc" };
type ScopeListParams = { q?: string; sort: ScopeCounterpartSort; order: "asc" | "desc"; accountId?: string };

const BASE = "/api/accounttracking/v1";
const enc = encodeURIComponent;

function counterpartsApi(client: ApiClient) {
  const { scoped } = client;
  return {
    list: (accountId: string, params: ListParams, cursor: string | null) =>
      scoped.page<ListedCounterpart>(`${BASE}/accounts/${enc(accountId)}/counterparts`, {
        q: params.q || undefined,
        sort: params.sort,
        order: params.order,
        perPage: 100,
        cursor,
      }),
    activity: (params: ScopeListParams, cursor: string | null) =>
      scoped.page<ScopeCounterpart>(`${BASE}/counterparts/activity`, {
        q: params.q || undefined,
        sort: params.sort,
        order: params.order,
        "filter[accountId]": params.accountId || undefined,
        perPage: 100,
        cursor,
      }),
    names: (ids: string[]) => scoped.get<CounterpartName[]>(`${BASE}/counterparts`, { "filter[id]": ids.join(",") }),
    get: (id: string, accountId?: string) =>
      scoped.get<CounterpartDetail>(`${BASE}/counterparts/${enc(id)}`, { "filter[accountId]": accountId }),
    family: (id: string, accountId?: string) =>
      scoped.get<FamilyNode>(`${BASE}/counterparts/${enc(id)}/family`, { "filter[accountId]": accountId }),
    transactions: (id: string, cursor: string | null) =>
      scoped.page<CounterpartTransaction>(`${BASE}/counterparts/${enc(id)}/transactions`, { perPage: 100, cursor }),
    setAlias: (id: string, alias: string | null) =>
      scoped.send<Counterpart>("PATCH", `${BASE}/counterparts/${enc(id)}`, { alias }),
    consolidate: (targetId: string, memberIds: string[]) =>
      scoped.send<Consolidation>("POST", `${BASE}/counterparts/consolidations`, { targetId, memberIds }),
    undoConsolidation: (id: string) =>
      scoped.send<Consolidation>("DELETE", `${BASE}/counterparts/consolidations/${enc(id)}`),
    bindEntity: (id: string, entity: Entity) =>
      scoped.send<Counterpart>("PUT", `${BASE}/counterparts/${enc(id)}/entity`, entity),
    unbindEntity: (id: string) => scoped.send<Counterpart>("DELETE", `${BASE}/counterparts/${enc(id)}/entity`),
    setParent: (id: string, parentId: string) =>
      scoped.send<Counterpart>("PUT", `${BASE}/counterparts/${enc(id)}/parent`, { parentId }),
    unlinkParent: (id: string) => scoped.send<Counterpart>("DELETE", `${BASE}/counterparts/${enc(id)}/parent`),
    bindTransaction: (transactionId: string, counterpartId: string | null) =>
      counterpartId
        ? scoped.send<CounterpartTransaction>("PUT", `${BASE}/transactions/${enc(transactionId)}/counterpart`, {
            counterpartId,
          })
        : scoped.send<CounterpartTransaction>("DELETE", `${BASE}/transactions/${enc(transactionId)}/counterpart`),
  };
}

export const counterpartKeys = {
  all: (scopeId: string | null) => scopeKey(scopeId, "counterparts"),
  list: (scopeId: string | null, accountId: string, params: ListParams) =>
    [...counterpartKeys.all(scopeId), "list", accountId, params] as const,
  activity: (scopeId: string | null, params: ScopeListParams) =>
    [...counterpartKeys.all(scopeId), "activity", params] as const,
  detail: (scopeId: string | null, id: string, accountId?: string) =>
    [...counterpartKeys.all(scopeId), "detail", id, accountId ?? null] as const,
  family: (scopeId: string | null, id: string, accountId?: string) =>
    [...counterpartKeys.all(scopeId), "family", id, accountId ?? null] as const,
  transactions: (scopeId: string | null, id: string) => [...counterpartKeys.all(scopeId), "transactions", id] as const,
  names: (scopeId: string | null, ids: string[]) => [...counterpartKeys.all(scopeId), "names", ids.join(",")] as const,
};

const counterparts = domainHooks(counterpartsApi);

export const useCounterparts = (accountId: string, params: ListParams) =>
  counterparts.usePages({
    key: (s) => counterpartKeys.list(s, accountId, params),
    fetchPage: (api, cursor) => api.list(accountId, params, cursor),
    enabled: accountId !== "",
  });

/** The scope's counterparts, by activity (GET /counterparts/activity). */
export const useScopeCounterparts = (params: ScopeListParams) =>
  counterparts.usePages({
    key: (s) => counterpartKeys.activity(s, params),
    fetchPage: (api, cursor) => api.activity(params, cursor),
  });

export const useCounterpart = (id: string, accountId?: string) =>
  counterparts.useQuery({
    key: (s) => counterpartKeys.detail(s, id, accountId),
    fetch: (api) => api.get(id, accountId),
  });

export const useFamily = (id: string | null, accountId?: string) =>
  counterparts.useQuery({
    key: (s) => counterpartKeys.family(s, id ?? "", accountId),
    fetch: (api) => api.family(id ?? "", accountId),
    enabled: id !== null,
  });

export const useCounterpartTransactions = (id: string) =>
  counterparts.usePages({
    key: (s) => counterpartKeys.transactions(s, id),
    fetchPage: (api, cursor) => api.transactions(id, cursor),
  });

/**
 * The display names (alias, consolidation resolved) of the counterparts that lists of transactions
 * refer to: one request per group (a loaded page of transactions), at most 200 ids each. Any
 * counterpart change refetches them with the rest of the scope's counterpart queries.
 */
export function useCounterpartNames(groups: string[][]): Map<string, string> {
  const { api, scopeId } = counterparts.useApi();
  const results = useQueries({
    queries: groups.map((ids) => ({
      queryKey: counterpartKeys.names(scopeId, ids),
      queryFn: () => api.names(ids),
      enabled: scopeId !== null && ids.length > 0,
      staleTime: 60_000,
    })),
  });
  const names = new Map<string, string>();
  for (const result of results) for (const n of result.data ?? []) names.set(n.id, n.displayName);
  return names;
}

/** Any change: run it, then refetch every counterpart query of the scope (totals move with it). */
export const useCounterpartChange = <I, O>(run: (api: ReturnType<typeof counterpartsApi>, input: I) => Promise<O>) =>
  counterparts.useChange(run, (s) => [counterpartKeys.all(s)]);
