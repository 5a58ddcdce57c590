"use client";
// An account's ledger through the typed client (issue 37): the daily balance series over a span,
// the months and their reconciliation, closing and reopening a month, and a sync that reads the
// bank again from a day a difference points at. Types come from the routes' own schemas; keys sit
// under the account's (accountKeys.ledger), so a finished sync refreshes them with the rest of it.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { CloseMonthBody } from "@/lib/accounttracking/schemas";
import type { ApiClient } from "@/lib/client/api-client";
import { accountKeys, isActive, type SyncRun } from "@/lib/client/accounts";
import { domainHooks } from "@/lib/client/domain-hooks";
import { addDays } from "@/lib/dates/days";
import type * as schemas from "@/lib/openapi/schemas/ledger";

export type BalanceSeries = z.output<typeof schemas.BalanceSeriesSchema>;
export type BalancePoint = BalanceSeries["points"][number];
export type Reconciliation = z.output<typeof schemas.ReconciliationSchema>;
export type ReconciliationWindow = Reconciliation["windows"][number];
export type ReconciledMonth = z.output<typeof schemas.ReconciledMonthSchema>;
export type ReconciliationMonths = z.output<typeof schemas.ReconciliationMonthsSchema>;
export type MonthLine = ReconciliationMonths["months"][number];
export type MonthStatus = MonthLine["status"];
/** The figures typed from a statement; an end left out is the balance known for it. */
export type CloseMonthInput = { month: string } & Omit<z.input<typeof CloseMonthBody>, "currency">;

/** The spans a person picks for the balance chart, in days up to today. */
export const BALANCE_SPANS = { "30d": 30, "90d": 90, "1y": 365 } as const;
export type BalanceSpan = keyof typeof BALANCE_SPANS;

/**
 * The days a span covers: the last `n` days up to `today` (UTC, as the server counts its days).
 * Up to today rather than to the newest balance, so "30 days" means what it says; the days after
 * the newest balance are derived from the transactions booked since.
 */
export function spanDates(span: BalanceSpan, today: string = new Date().toISOString().slice(0, 10)) {
  return { from: addDays(today, -(BALANCE_SPANS[span] - 1)), to: today };
}

const BASE = "/api/accounttracking/v1/accounts";
const enc = encodeURIComponent;

function ledgerApi(client: ApiClient) {
  const { scoped } = client;
  const of = (id: string) => `${BASE}/${enc(id)}`;
  return {
    series: (id: string, span: { from: string; to: string }) => scoped.get<BalanceSeries>(`${of(id)}/balances`, span),
    reconciliation: (id: string, span: { from: string; to: string }) =>
      scoped.get<Reconciliation>(`${of(id)}/reconciliation`, span),
    months: (id: string) => scoped.get<ReconciliationMonths>(`${of(id)}/reconciliation/months`),
    close: (id: string, { month, ...figures }: CloseMonthInput) =>
      scoped.send<ReconciledMonth>("PUT", `${of(id)}/reconciliation/months/${enc(month)}`, figures),
    reopen: async (id: string, month: string): Promise<void> => {
      await scoped.send<undefined>("DELETE", `${of(id)}/reconciliation/months/${enc(month)}`);
    },
    // The query string is what the route reads (`?dateFrom=`); `scoped.send` has no query, so the
    // generic call carries it (a fresh Idempotency-Key per press, as every POST gets).
    syncFrom: (id: string, dateFrom: string) =>
      client.data(
        client.request<SyncRun>("POST", `${of(id)}/sync-transactions`, { scoped: true, query: { dateFrom } }),
      ),
  };
}

export const ledgerKeys = {
  of: (scopeId: string | null, id: string) => accountKeys.ledger(scopeId, id),
  series: (scopeId: string | null, id: string, span: { from: string; to: string }) =>
    [...ledgerKeys.of(scopeId, id), "series", span] as const,
  reconciliation: (scopeId: string | null, id: string, span: { from: string; to: string }) =>
    [...ledgerKeys.of(scopeId, id), "reconciliation", span] as const,
  months: (scopeId: string | null, id: string) => [...ledgerKeys.of(scopeId, id), "months"] as const,
};

const ledger = domainHooks(ledgerApi);

/**
 * The daily balance series over a span up to today. While another span loads, the one on screen
 * stays (same scope and account only), so the chart does not blink to a skeleton between choices.
 */
export function useBalanceSeries(accountId: string, span: BalanceSpan) {
  const { scopeId } = ledger.useApi();
  const days = spanDates(span);
  return ledger.useQuery({
    key: (s) => ledgerKeys.series(s, accountId, days),
    fetch: (api) => api.series(accountId, days),
    placeholderData: (previous, query) =>
      previous?.accountId === accountId && query?.queryKey[1] === scopeId ? previous : undefined,
  });
}

/** Where the difference between two balance points lies (`enabled` false: nothing asked). */
export const useReconciliation = (accountId: string, span: { from: string; to: string }, enabled = true) =>
  ledger.useQuery({
    key: (s) => ledgerKeys.reconciliation(s, accountId, span),
    fetch: (api) => api.reconciliation(accountId, span),
    enabled,
  });

export const useReconciliationMonths = (accountId: string) =>
  ledger.useQuery({ key: (s) => ledgerKeys.months(s, accountId), fetch: (api) => api.months(accountId) });

/** A closed or reopened month changes the month list and nothing else of the ledger; both refetch all of it. */
const useLedgerChange = <V, R>(accountId: string, run: (api: ReturnType<typeof ledgerApi>, input: V) => Promise<R>) =>
  ledger.useChange(run, (s) => [ledgerKeys.of(s, accountId)]);

export const useCloseMonth = (accountId: string) =>
  useLedgerChange(accountId, (api, input: CloseMonthInput) => api.close(accountId, input));

export const useReopenMonth = (accountId: string) =>
  useLedgerChange(accountId, (api, month: string) => api.reopen(accountId, month));

/**
 * Reads the bank again from a day (a remedy for a difference). The run shows at once in the page's
 * sync status, which polls it to its end; its end refreshes the ledger (useSyncStatus).
 */
export function useSyncFrom(accountId: string) {
  const { api, scopeId } = ledger.useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dateFrom: string) => api.syncFrom(accountId, dateFrom),
    onSuccess: (run) => {
      queryClient.setQueryData(accountKeys.syncStatus(scopeId, accountId), (old: object | undefined) =>
        old ? { ...old, running: isActive(run.state), state: run.state, run } : old,
      );
      void queryClient.invalidateQueries({ queryKey: accountKeys.list(scopeId) });
      return queryClient.invalidateQueries({ queryKey: accountKeys.syncStatus(scopeId, accountId) });
    },
  });
}
