"use client";
// react-query hooks over the typed client. Keys come from query-keys.ts; scoped hooks key by scope.
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";
import { queryKeys } from "@/lib/client/query-keys";
import type {
  AddMemberInput,
  CreateApiKeyInput,
  CreateClientInput,
  CreatePersonalTokenInput,
  CreateScopeInput,
  Role,
} from "@/lib/client/api-client";

const CLIENTS_PER_PAGE = 25;

// ---- identity -------------------------------------------------------------------------------

export function useMe() {
  const { client } = useApi();
  return useQuery({ queryKey: queryKeys.me(), queryFn: () => client.me(), staleTime: 5 * 60_000 });
}

// ---- scopes & members -----------------------------------------------------------------------

export function useScopes() {
  const { client } = useApi();
  return useQuery({ queryKey: queryKeys.scopes.list(), queryFn: () => client.listScopes(), staleTime: 60_000 });
}

export function useCreateScope() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateScopeInput) => client.createScope(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.scopes.all() }),
  });
}

export function useMembers() {
  const { client, scopeId } = useApi();
  return useQuery({
    queryKey: queryKeys.members.list(scopeId),
    queryFn: () => client.listMembers(),
    enabled: scopeId !== null,
  });
}

function useMemberMutation<V, R>(mutationFn: (v: V) => Promise<R>) {
  const { scopeId } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.members.all(scopeId) });
      // Changing one's own role changes the scope list's role too.
      await queryClient.invalidateQueries({ queryKey: queryKeys.scopes.all() });
    },
  });
}

export function useAddMember() {
  const { client } = useApi();
  return useMemberMutation((input: AddMemberInput) => client.addMember(input));
}

export function useUpdateMember() {
  const { client } = useApi();
  return useMemberMutation(({ userId, role }: { userId: string; role: Role }) => client.updateMember(userId, { role }));
}

export function useRemoveMember() {
  const { client } = useApi();
  return useMemberMutation((userId: string) => client.removeMember(userId));
}

// ---- personal access tokens -----------------------------------------------------------------

export function usePersonalTokens() {
  const { client } = useApi();
  return useQuery({ queryKey: queryKeys.personalTokens.list(), queryFn: () => client.listPersonalTokens() });
}

export function useCreatePersonalToken() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePersonalTokenInput) => client.createPersonalToken(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.personalTokens.all() }),
  });
}

export function useRevokePersonalToken() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.revokePersonalToken(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.personalTokens.all() }),
  });
}

// ---- API keys (App tokens of the current scope) ---------------------------------------------

export function useApiKeys(options: { enabled?: boolean } = {}) {
  const { client, scopeId } = useApi();
  return useQuery({
    queryKey: queryKeys.apiKeys.list(scopeId),
    queryFn: () => client.listApiKeys(),
    enabled: scopeId !== null && (options.enabled ?? true),
  });
}

export function useCreateApiKey() {
  const { client, scopeId } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) => client.createApiKey(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys.all(scopeId) }),
  });
}

export function useRevokeApiKey() {
  const { client, scopeId } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.revokeApiKey(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys.all(scopeId) }),
  });
}

// ---- clients --------------------------------------------------------------------------------

export function useClients(search: string) {
  const { client, scopeId } = useApi();
  const filter = { search: search.trim(), perPage: CLIENTS_PER_PAGE };
  return useInfiniteQuery({
    queryKey: queryKeys.clients.list(scopeId, filter),
    queryFn: ({ pageParam }) => client.listClients({ ...filter, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: scopeId !== null,
    // Keep the rows on screen while a new search loads (same scope only).
    placeholderData: (previous, query) => (query?.queryKey[1] === scopeId ? keepPreviousData(previous) : undefined),
  });
}

export function useCreateClient() {
  const { client, scopeId } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateClientInput) => client.createClient(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.clients.all(scopeId) }),
  });
}

// ---- the current scope ----------------------------------------------------------------------

/** The scope chosen in the switcher (with the caller's role in it) and the full list. */
export function useCurrentScope() {
  const { scopeId } = useApi();
  const scopes = useScopes();
  const scope = scopes.data?.find((s) => s.scopeId === scopeId) ?? null;
  return { scope, scopeId, scopes: scopes.data ?? [], isLoading: scopes.isPending, error: scopes.error };
}
