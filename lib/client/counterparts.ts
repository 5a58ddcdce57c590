"use client";
// Counterparts through the typed client: types, query keys and react-query hooks.
import { useQueries } from "@tanstack/react-query";
import type { ApiClient } from "@/lib/client/api-client";
import { domainHooks } from "@/lib/client/domain-hooks";
import { scopeKey } from "@/lib/client/query-keys";
import type { z } from "zod";
import type { CounterpartsQuery } from "@/lib/counterparts/schemas";
import type * as schemas from "@/lib/openapi/schemas/counterparts";

export type Totals = z.output<typeof schemas.TotalsSchema>;
export type CurrencyTotals = z.output<typeof schemas.CurrencyTotalsSchema>;
export type ListedCounterpart = z.output<typeof schemas.CounterpartListItemSchema>;
export type Entity = NonNullable<ListedCounterpart["entity"]>;
export type CounterpartSort = NonNullable<z.input<typeof CounterpartsQuery>["sort"]>;
export type CounterpartName = z.output<typeof schemas.CounterpartNameSchema>;
export type Counterpart = z.output<typeof schemas.CounterpartSchema>;
export type CounterpartDetail = z.output<typeof schemas.CounterpartDetailSchema>;
export type FamilyNode = z.output<typeof schemas.FamilyNodeSchema>;
export type Consolidation = z.output<typeof schemas.ConsolidationSchema>;
type CounterpartTransaction = z.output<typeof schemas.CounterpartTransactionSchema>;
type ListParams = { q?: string; sort: CounterpartSort; order: "asc" | "desc" };

const BASE = "/api/accounttracking/v1";
const enc = encodeURIComponent;

function counterpartsApi(client: ApiClient) {
  const { request, data, page } = client;
  return {
    list: (accountId: string, params: ListParams, cursor: string | null) =>
      page<ListedCounterpart>(`${BASE}/accounts/${enc(accountId)}/counterparts`, {
        scoped: true,
        query: { q: params.q || undefined, sort: params.sort, order: params.order, perPage: 100, cursor },
      }),
    names: (ids: string[]) =>
      data(
        request<CounterpartName[]>("GET", `${BASE}/counterparts`, {
          scoped: true,
          query: { "filter[id]": ids.join(",") },
        }),
      ),
    get: (id: string, accountId?: string) =>
      data(
        request<CounterpartDetail>("GET", `${BASE}/counterparts/${enc(id)}`, {
          scoped: true,
          query: { "filter[accountId]": accountId },
        }),
      ),
    family: (id: string, accountId?: string) =>
      data(
        request<FamilyNode>("GET", `${BASE}/counterparts/${enc(id)}/family`, {
          scoped: true,
          query: { "filter[accountId]": accountId },
        }),
      ),
    transactions: (id: string, cursor: string | null) =>
      page<CounterpartTransaction>(`${BASE}/counterparts/${enc(id)}/transactions`, {
        scoped: true,
        query: { perPage: 100, cursor },
      }),
    setAlias: (id: string, alias: string | null) =>
      data(request<Counterpart>("PATCH", `${BASE}/counterparts/${enc(id)}`, { scoped: true, body: { alias } })),
    consolidate: (targetId: string, memberIds: string[]) =>
      data(
        request<Consolidation>("POST", `${BASE}/counterparts/consolidations`, {
          scoped: true,
          body: { targetId, memberIds },
        }),
      ),
    undoConsolidation: (id: string) =>
      data(request<Consolidation>("DELETE", `${BASE}/counterparts/consolidations/${enc(id)}`, { scoped: true })),
    bindEntity: (id: string, entity: Entity) =>
      data(request<Counterpart>("PUT", `${BASE}/counterparts/${enc(id)}/entity`, { scoped: true, body: entity })),
    unbindEntity: (id: string) =>
      data(request<Counterpart>("DELETE", `${BASE}/counterparts/${enc(id)}/entity`, { scoped: true })),
    setParent: (id: string, parentId: string) =>
      data(request<Counterpart>("PUT", `${BASE}/counterparts/${enc(id)}/parent`, { scoped: true, body: { parentId } })),
    unlinkParent: (id: string) =>
      data(request<Counterpart>("DELETE", `${BASE}/counterparts/${enc(id)}/parent`, { scoped: true })),
    bindTransaction: (transactionId: string, counterpartId: string | null) =>
      counterpartId
        ? data(
            request<CounterpartTransaction>("PUT", `${BASE}/transactions/${enc(transactionId)}/counterpart`, {
              scoped: true,
              body: { counterpartId },
            }),
          )
        : data(
            request<CounterpartTransaction>("DELETE", `${BASE}/transactions/${enc(transactionId)}/counterpart`, {
              scoped: true,
            }),
          ),
  };
}

export const counterpartKeys = {
  all: (scopeId: string | null) => scopeKey(scopeId, "counterparts"),
  list: (scopeId: string | null, accountId: string, params: ListParams) =>
    [...counterpartKeys.all(scopeId), "list", accountId, params] as const,
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
