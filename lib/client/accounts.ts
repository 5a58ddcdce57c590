"use client";
// Tracked accounts, their syncs and transactions through the typed client: types, keys and hooks.
import { useEffect, useRef } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient, PostOptions } from "@/lib/client/api-client";
import { domainHooks } from "@/lib/client/domain-hooks";
import { useCurrentScope } from "@/lib/client/hooks";
import { scopeKey } from "@/lib/client/query-keys";
import type { z } from "zod";
import type { FileAccountBody, TrackAccountBody } from "@/lib/accounttracking/schemas";
import type * as schemas from "@/lib/openapi/schemas/accounttracking";
import { filterQuery, type TransactionFilter } from "@/lib/client/transactions";

export type Account = z.output<typeof schemas.AccountSchema>;
export type AccountType = Account["accountType"];
export type SyncRun = z.output<typeof schemas.SyncRunSchema>;
export type SyncState = SyncRun["state"];
type SyncStatus = z.output<typeof schemas.SyncStatusSchema>;
export type Transaction = z.output<typeof schemas.TransactionSchema>;
export type AccountStats = z.output<typeof schemas.StatsSchema>;
type TrackAccountInput = z.input<typeof TrackAccountBody>;
export type FileAccountInput = z.input<typeof FileAccountBody>;
type AutoUpdate = z.output<typeof schemas.AutoUpdateSchema>;

/** The first page is small so the table shows quickly; later pages are larger (fewer round trips). */
const TRANSACTIONS_FIRST_PAGE = 100;
const TRANSACTIONS_NEXT_PAGES = 300;
const BASE = "/api/accounttracking/v1/accounts";
const enc = encodeURIComponent;

function accountsApi(client: ApiClient) {
  const { scoped } = client;
  return {
    list: (cursor?: string | null) => scoped.page<Account>(BASE, { cursor, perPage: 100 }),
    get: (id: string) => scoped.get<Account>(`${BASE}/${enc(id)}`),
    track: (input: TrackAccountInput, post?: PostOptions) =>
      scoped.send<{ account: Account; sync: SyncRun }>("POST", BASE, input, post),
    createFileAccount: (input: FileAccountInput) => scoped.send<Account>("POST", `${BASE}/file`, input),
    sync: (id: string, post?: PostOptions) =>
      scoped.send<SyncRun>("POST", `${BASE}/${enc(id)}/sync-transactions`, undefined, post),
    syncStatus: (id: string) => scoped.get<SyncStatus>(`${BASE}/${enc(id)}/sync-status`),
    transactions: (id: string, filter: TransactionFilter, cursor?: string | null, perPage = TRANSACTIONS_FIRST_PAGE) =>
      scoped.page<Transaction>(`${BASE}/${enc(id)}/transactions`, { ...filterQuery(filter), perPage, cursor }),
    stats: (id: string) => scoped.get<AccountStats>(`${BASE}/${enc(id)}/stats`),
    setNickname: (id: string, nickname: string | null) =>
      scoped.send<Account>("PATCH", `${BASE}/${enc(id)}`, { nickname }),
    setAutoUpdate: (id: string, timesPerDay: number) =>
      scoped.send<AutoUpdate>("PUT", `${BASE}/${enc(id)}/auto-update`, { timesPerDay }),
  };
}

export const accountKeys = {
  all: (scopeId: string | null) => scopeKey(scopeId, "accounts"),
  list: (scopeId: string | null) => [...accountKeys.all(scopeId), "list"] as const,
  account: (scopeId: string | null, id: string) => [...accountKeys.all(scopeId), "account", id] as const,
  detail: (scopeId: string | null, id: string) => [...accountKeys.account(scopeId, id), "detail"] as const,
  syncStatus: (scopeId: string | null, id: string) => [...accountKeys.account(scopeId, id), "sync-status"] as const,
  stats: (scopeId: string | null, id: string) => [...accountKeys.account(scopeId, id), "stats"] as const,
  transactionsOf: (scopeId: string | null, id: string) =>
    [...accountKeys.account(scopeId, id), "transactions"] as const,
  transactions: (scopeId: string | null, id: string, filter: TransactionFilter) =>
    [...accountKeys.transactionsOf(scopeId, id), filter] as const,
  totals: (scopeId: string | null, id: string, filter: TransactionFilter) =>
    [...accountKeys.transactionsOf(scopeId, id), "totals", filter] as const,
  /** The balance series, reconciliation and months (lib/client/ledger.ts keys its queries under it). */
  ledger: (scopeId: string | null, id: string) => [...accountKeys.account(scopeId, id), "ledger"] as const,
};

const accounts = domainHooks(accountsApi);

/** Whether the person may track, sync and change automatic updates here (viewers may only read). */
export function useCanManageAccounts(): { allowed: boolean; reason: string | null } {
  const { scope } = useCurrentScope();
  if (!scope) return { allowed: false, reason: null };
  if (scope.role === "viewer")
    return { allowed: false, reason: "Viewers can read accounts; ask an admin or member to track or sync them." };
  return { allowed: true, reason: null };
}

/** A sync run still to finish (queued or running): what the account pages poll for. */
export function isActive(state: SyncState | "never_synced" | undefined | null): boolean {
  return state === "queued" || state === "running";
}

/** The newer of two views of an account's latest run (the polled status wins a tie). */
export function newestRun(polled: SyncRun | null | undefined, listed: SyncRun | null | undefined): SyncRun | null {
  if (!polled) return listed ?? null;
  if (!listed || polled.id === listed.id) return polled;
  return polled.createdAt >= listed.createdAt ? polled : listed;
}

/**
 * The scope's accounts. While one of them syncs (started here, by the schedule, a renewal or a
 * script), the list asks again every 2 s, so its balance and health show as soon as the sync ends.
 */
export const useAccounts = () =>
  accounts.usePages({
    key: accountKeys.list,
    fetchPage: (api, cursor) => api.list(cursor),
    pollWhile: (items) => (items.some((a) => isActive(a.latestSync?.state)) ? 2000 : false),
  });

export const useAccount = (id: string) =>
  accounts.useQuery({ key: (scopeId) => accountKeys.detail(scopeId, id), fetch: (api) => api.get(id) });

/**
 * The live sync status: every second while a sync is queued or running, otherwise every 30 s.
 * `knownRun` is the run the caller's account data shows; when the status reports a finished run
 * that this data does not reflect yet, the account, its figures, its transactions, its ledger
 * (balances and months) and the list are refreshed (once per finished run).
 */
export function useSyncStatus(
  id: string,
  options: { enabled?: boolean; idleIntervalMs?: number | false; knownRun?: SyncRun | null } = {},
) {
  const { scopeId } = accounts.useApi();
  const queryClient = useQueryClient();
  const query = accounts.useQuery({
    key: (s) => accountKeys.syncStatus(s, id),
    fetch: (api) => api.syncStatus(id),
    enabled: options.enabled,
    refetchInterval: (q) => (q.state.data?.running ? 1000 : (options.idleIntervalMs ?? 30_000)),
  });
  const run = query.data?.run;
  const finished = run && !isActive(run.state) ? `${run.id}:${run.state}` : null;
  const known = options.knownRun ? `${options.knownRun.id}:${options.knownRun.state}` : null;
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!finished || finished === known || handled.current === finished) return;
    handled.current = finished;
    void queryClient.invalidateQueries({ queryKey: accountKeys.detail(scopeId, id) });
    void queryClient.invalidateQueries({ queryKey: accountKeys.stats(scopeId, id) });
    // Reset, not invalidate: an invalidated infinite query refetches every page it has loaded.
    void queryClient.resetQueries({ queryKey: accountKeys.transactionsOf(scopeId, id) });
    void queryClient.invalidateQueries({ queryKey: accountKeys.ledger(scopeId, id) });
    void queryClient.invalidateQueries({ queryKey: accountKeys.list(scopeId) });
  }, [finished, known, queryClient, scopeId, id]);
  return query;
}

export function useSyncNow(id: string) {
  const { api, scopeId } = accounts.useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.sync(id),
    onSuccess: (run) => {
      // Show the run at once, then let polling take over.
      queryClient.setQueryData<SyncStatus>(accountKeys.syncStatus(scopeId, id), (old) =>
        old ? { ...old, running: isActive(run.state), state: run.state, run } : old,
      );
      // The list shows the account's latest sync and polls while it is active.
      void queryClient.invalidateQueries({ queryKey: accountKeys.list(scopeId) });
      return queryClient.invalidateQueries({ queryKey: accountKeys.syncStatus(scopeId, id) });
    },
  });
}

export function useTrackAccount() {
  const { api, scopeId } = accounts.useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TrackAccountInput) => api.track(input),
    onSuccess: ({ account }) => {
      queryClient.setQueryData(accountKeys.detail(scopeId, account.id), account);
      return queryClient.invalidateQueries({ queryKey: accountKeys.list(scopeId) });
    },
  });
}

/** An account kept from statement files (POST /accounts/file): answers it as GET /accounts/{id} would. */
export function useCreateFileAccount() {
  const { api, scopeId } = accounts.useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FileAccountInput) => api.createFileAccount(input),
    onSuccess: (account) => {
      queryClient.setQueryData(accountKeys.detail(scopeId, account.id), account);
      return queryClient.invalidateQueries({ queryKey: accountKeys.list(scopeId) });
    },
  });
}

export function useSetAutoUpdate(id: string) {
  const { api, scopeId } = accounts.useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (timesPerDay: number) => api.setAutoUpdate(id, timesPerDay),
    onSuccess: async (result) => {
      queryClient.setQueryData<SyncStatus>(accountKeys.syncStatus(scopeId, id), (old) =>
        old ? { ...old, ...result } : old,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.detail(scopeId, id) }),
        queryClient.invalidateQueries({ queryKey: accountKeys.syncStatus(scopeId, id) }),
        queryClient.invalidateQueries({ queryKey: accountKeys.list(scopeId) }),
      ]);
    },
  });
}

export const useAccountStats = (id: string, enabled = true) =>
  accounts.useQuery({ key: (scopeId) => accountKeys.stats(scopeId, id), fetch: (api) => api.stats(id), enabled });

/**
 * `enabled` false: a filter that cannot match (From after To) asks nothing and shows no rows.
 * `pollMs`: ask again that often (while a sync writes pages, so its rows show as they land).
 */
export const useTransactions = (
  id: string,
  filter: TransactionFilter,
  enabled = true,
  pollMs: number | false = false,
) =>
  accounts.usePages({
    key: (scopeId) => accountKeys.transactions(scopeId, id, filter),
    fetchPage: (api, cursor) =>
      api.transactions(id, filter, cursor, cursor ? TRANSACTIONS_NEXT_PAGES : TRANSACTIONS_FIRST_PAGE),
    enabled,
    keepPrevious: true,
    // Each poll asks again for every page loaded: the more scrolled in, the less often.
    pollWhile: (items) => (pollMs === false ? false : Math.max(pollMs, items.length * 5)),
  });

/** Sets or clears the account's nickname; everything that names the account shows it. */
export function useSetNickname(id: string) {
  const { api, scopeId } = accounts.useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (nickname: string | null) => api.setNickname(id, nickname),
    onSuccess: (account) => {
      queryClient.setQueryData(accountKeys.detail(scopeId, id), account);
      return queryClient.invalidateQueries({ queryKey: accountKeys.list(scopeId) });
    },
  });
}
