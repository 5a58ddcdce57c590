"use client";
// What every domain's react-query hooks share, written once. A domain module binds its API to the
// browser's client with `domainHooks(makeApi)` and gets: queries keyed under the current scope that
// wait until a scope is chosen, cursor-paged lists, and changes that refetch what they made stale.
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryKey,
  type UseQueryOptions,
} from "@tanstack/react-query";
import type { ApiClient, Page } from "@/lib/client/api-client";
import { useApi } from "@/lib/client/api-context";

type ScopeId = string | null;

/** A mutation after which the given queries are refetched; it settles once they have been. */
export function useRefreshingMutation<V, R>(mutationFn: (input: V) => Promise<R>, stale: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

/** Every item of a cursor-paged query's loaded pages, in order (none while it loads). */
export function itemsOf<T>(data: InfiniteData<Page<T>> | undefined): T[] {
  return data?.pages.flatMap((p) => p.items) ?? [];
}

type ScopedQuery<A, T> = {
  key: (scopeId: ScopeId) => QueryKey;
  fetch: (api: A) => Promise<T>;
  /** Further conditions; the query always waits for a scope. */
  enabled?: boolean;
} & Omit<UseQueryOptions<T>, "queryKey" | "queryFn" | "enabled">;

type ScopedPages<A, T> = {
  key: (scopeId: ScopeId) => QueryKey;
  fetchPage: (api: A, cursor: string | null) => Promise<Page<T>>;
  enabled?: boolean;
  /** Keep the rows on screen while another search or filter loads (in the same scope only). */
  keepPrevious?: boolean;
  /** Refetch every so many ms while the loaded items ask for it (false: not now). */
  pollWhile?: (items: T[]) => number | false;
};

export function domainHooks<A>(makeApi: (client: ApiClient) => A) {
  /** The domain's API on the browser's client, and the current scope. */
  function useDomainApi() {
    const { client, scopeId } = useApi();
    return { api: makeApi(client), scopeId };
  }

  function useScopedQuery<T>({ key, fetch, enabled = true, ...options }: ScopedQuery<A, T>) {
    const { api, scopeId } = useDomainApi();
    return useQuery({
      ...options,
      queryKey: key(scopeId),
      queryFn: () => fetch(api),
      enabled: enabled && scopeId !== null,
    });
  }

  function useScopedPages<T>({ key, fetchPage, enabled = true, keepPrevious = false, pollWhile }: ScopedPages<A, T>) {
    const { api, scopeId } = useDomainApi();
    return useInfiniteQuery({
      queryKey: key(scopeId),
      queryFn: ({ pageParam }) => fetchPage(api, pageParam),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
      enabled: enabled && scopeId !== null,
      placeholderData: (previous, query) =>
        keepPrevious && query?.queryKey[1] === scopeId ? keepPreviousData(previous) : undefined,
      refetchInterval: pollWhile ? (query) => pollWhile(itemsOf(query.state.data)) : undefined,
    });
  }

  /** A change through the domain's API; then the queries `stale` names (in the current scope) refetch. */
  function useScopedChange<V, R>(run: (api: A, input: V) => Promise<R>, stale: (scopeId: ScopeId) => QueryKey[]) {
    const { api, scopeId } = useDomainApi();
    return useRefreshingMutation((input: V) => run(api, input), stale(scopeId));
  }

  return { useApi: useDomainApi, useQuery: useScopedQuery, usePages: useScopedPages, useChange: useScopedChange };
}
