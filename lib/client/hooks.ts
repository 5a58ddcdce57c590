"use client";
// react-query hooks over the typed client. Keys come from query-keys.ts; scoped hooks key by scope.
import { useQuery } from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";
import { domainHooks, useRefreshingMutation } from "@/lib/client/domain-hooks";
import { queryKeys } from "@/lib/client/query-keys";
import type {
  AddMemberInput,
  ApiClient,
  CreateApiKeyInput,
  CreateClientInput,
  CreatePersonalTokenInput,
  CreateScopeInput,
  Role,
} from "@/lib/client/api-client";

const CLIENTS_PER_PAGE = 25;

/** The platform's own operations (scopes, members, tokens, clients) are on the client itself. */
const platform = domainHooks((client) => client);

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
  return useRefreshingMutation((input: CreateScopeInput) => client.createScope(input), [queryKeys.scopes.all()]);
}

export const useMembers = () => platform.useQuery({ key: queryKeys.members.list, fetch: (c) => c.listMembers() });

/** Changing one's own role changes the scope list's role too, so both refetch. */
const useMemberChange = <V, R>(run: (client: ApiClient, input: V) => Promise<R>) =>
  platform.useChange(run, (scopeId) => [queryKeys.members.all(scopeId), queryKeys.scopes.all()]);

export const useAddMember = () => useMemberChange((c, input: AddMemberInput) => c.addMember(input));
export const useUpdateMember = () =>
  useMemberChange((c, { userId, role }: { userId: string; role: Role }) => c.updateMember(userId, { role }));
export const useRemoveMember = () => useMemberChange((c, userId: string) => c.removeMember(userId));

// ---- personal access tokens (the person's own, in no scope) -----------------------------------

export function usePersonalTokens() {
  const { client } = useApi();
  return useQuery({ queryKey: queryKeys.personalTokens.list(), queryFn: () => client.listPersonalTokens() });
}

export function useCreatePersonalToken() {
  const { client } = useApi();
  return useRefreshingMutation(
    (input: CreatePersonalTokenInput) => client.createPersonalToken(input),
    [queryKeys.personalTokens.all()],
  );
}

export function useRevokePersonalToken() {
  const { client } = useApi();
  return useRefreshingMutation((id: string) => client.revokePersonalToken(id), [queryKeys.personalTokens.all()]);
}

// ---- API keys (App tokens of the current scope) ---------------------------------------------

export const useApiKeys = (options: { enabled?: boolean } = {}) =>
  platform.useQuery({ key: queryKeys.apiKeys.list, fetch: (c) => c.listApiKeys(), enabled: options.enabled });

export const useCreateApiKey = () =>
  platform.useChange(
    (c, input: CreateApiKeyInput) => c.createApiKey(input),
    (s) => [queryKeys.apiKeys.all(s)],
  );
export const useRevokeApiKey = () =>
  platform.useChange(
    (c, id: string) => c.revokeApiKey(id),
    (s) => [queryKeys.apiKeys.all(s)],
  );

// ---- clients --------------------------------------------------------------------------------

export function useClients(search: string) {
  const filter = { search: search.trim(), perPage: CLIENTS_PER_PAGE };
  return platform.usePages({
    key: (scopeId) => queryKeys.clients.list(scopeId, filter),
    fetchPage: (c, cursor) => c.listClients({ ...filter, cursor }),
    keepPrevious: true,
  });
}

export const useCreateClient = () =>
  platform.useChange(
    (c, input: CreateClientInput) => c.createClient(input),
    (s) => [queryKeys.clients.all(s)],
  );

// ---- the current scope ----------------------------------------------------------------------

/** The scope chosen in the switcher (with the caller's role in it) and the full list. */
export function useCurrentScope() {
  const { scopeId } = useApi();
  const scopes = useScopes();
  const scope = scopes.data?.find((s) => s.scopeId === scopeId) ?? null;
  return { scope, scopeId, scopes: scopes.data ?? [], isLoading: scopes.isPending, error: scopes.error };
}
