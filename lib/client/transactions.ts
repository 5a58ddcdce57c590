"use client";
// Transactions beyond the list: filters as URL parameters, totals of the filtered set, the CSV
// download, and marking own-account transfers.
import type { z } from "zod";
import type { TransactionsFilter } from "@/lib/accounttracking/transactions/filter";
import type { TransactionTotalsSchema } from "@/lib/openapi/schemas/accounttracking";
import { apiCallErrorOf, type ApiClient } from "@/lib/client/api-client";
import { domainHooks } from "@/lib/client/domain-hooks";
import { scopeKey } from "@/lib/client/query-keys";
import { accountKeys, type Transaction } from "@/lib/client/accounts";
import { counterpartKeys } from "@/lib/client/counterparts";

/**
 * The API's transaction filters (one definition, lib/accounttracking/transactions/filter.ts); the scope
 * is the caller's. `accountId` narrows the all-accounts list to one account (ignored on an account's own).
 */
export type TransactionFilter = Omit<TransactionsFilter, "scopeId"> & { accountId?: string };
const FILTER_KEYS = ["fromDate", "toDate", "status", "q", "minAmount", "maxAmount", "direction", "category"] as const;

type TransactionTotals = z.output<typeof TransactionTotalsSchema>;

/** Reads the filter from URL search parameters (unknown values are dropped, never guessed). */
export function filterFromParams(params: URLSearchParams): TransactionFilter {
  const f: TransactionFilter = {};
  const date = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);
  f.fromDate = date(params.get("fromDate"));
  f.toDate = date(params.get("toDate"));
  const status = params.get("status");
  if (status === "booked" || status === "pending") f.status = status;
  const direction = params.get("direction");
  if (direction === "in" || direction === "out") f.direction = direction;
  f.q = params.get("q") || undefined;
  f.minAmount = params.get("minAmount") || undefined;
  f.maxAmount = params.get("maxAmount") || undefined;
  const category = params.get("category");
  if (category === "none" || (category && /^[0-9a-f-]{36}$/i.test(category))) f.category = category;
  const account = params.get("accountId");
  if (account && /^[0-9a-f-]{36}$/i.test(account)) f.accountId = account;
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined));
}

export function filterToParams(filter: TransactionFilter, base?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of [...FILTER_KEYS, "accountId"] as const) {
    const value = filter[key];
    if (value) params.set(key, value);
    else params.delete(key);
  }
  return params;
}

/** What the filter cannot mean, in words, or null: the client shows it instead of asking the API. */
export function filterProblem(filter: TransactionFilter): string | null {
  if (filter.fromDate && filter.toDate && filter.fromDate > filter.toDate) {
    return "From is after To, so no transaction can match. Change one of the dates.";
  }
  const amount = /^\d{1,15}([.,]\d{1,6})?$/;
  for (const [key, label] of [
    ["minAmount", "Amount from"],
    ["maxAmount", "Amount to"],
  ] as const) {
    const v = filter[key];
    if (v && !amount.test(v.trim())) return `${label} must be an amount such as 42.50.`;
  }
  if (
    filter.minAmount &&
    filter.maxAmount &&
    Number(filter.minAmount.replace(",", ".")) > Number(filter.maxAmount.replace(",", "."))
  ) {
    return "Amount from is above Amount to, so no transaction can match. Change one of them.";
  }
  return null;
}

export function filterQuery(filter: TransactionFilter): Record<string, string | undefined> {
  return Object.fromEntries(FILTER_KEYS.map((k) => [`filter[${k}]`, filter[k]?.trim() || undefined]));
}

/** The all-accounts list's query: the filters and the one account, when chosen. */
export function scopeFilterQuery(filter: TransactionFilter): Record<string, string | undefined> {
  return { ...filterQuery(filter), "filter[accountId]": filter.accountId };
}

/** A row of the all-accounts list: a transaction with the account it is on. */
export type ScopeTransaction = Transaction & { accountId: string; accountName: string | null };

const BASE = "/api/accounttracking/v1";
const enc = encodeURIComponent;

function transactionsApi(client: ApiClient) {
  const { scoped } = client;
  return {
    scopeList: (filter: TransactionFilter, cursor: string | null, perPage: number) =>
      scoped.page<ScopeTransaction>(`${BASE}/transactions`, { ...scopeFilterQuery(filter), perPage, cursor }),
    scopeTotals: (filter: TransactionFilter) =>
      scoped.get<TransactionTotals>(`${BASE}/transactions/totals`, scopeFilterQuery(filter)),
    totals: (accountId: string, filter: TransactionFilter) =>
      scoped.get<TransactionTotals>(`${BASE}/accounts/${enc(accountId)}/transactions/totals`, filterQuery(filter)),
    setNote: (id: string, change: { note?: string | null; tags?: string[] }) =>
      scoped.send<Transaction>("PATCH", `${BASE}/transactions/${enc(id)}`, change),
    markTransfer: (id: string, isTransfer: boolean | null) =>
      isTransfer === null
        ? scoped.send<Transaction>("DELETE", `${BASE}/transactions/${enc(id)}/transfer`)
        : scoped.send<Transaction>("PUT", `${BASE}/transactions/${enc(id)}/transfer`, { isTransfer }),
  };
}

const transactions = domainHooks(transactionsApi);

export const scopeTransactionKeys = {
  all: (scopeId: string | null) => scopeKey(scopeId, "scope-transactions"),
  list: (scopeId: string | null, filter: TransactionFilter) => [...scopeTransactionKeys.all(scopeId), filter] as const,
  totals: (scopeId: string | null, filter: TransactionFilter) =>
    [...scopeTransactionKeys.all(scopeId), "totals", filter] as const,
};

/** Every account's transactions, newest first, paged as you scroll (as one account's list). */
export const useScopeTransactions = (filter: TransactionFilter, enabled: boolean) =>
  transactions.usePages({
    key: (s) => scopeTransactionKeys.list(s, filter),
    fetchPage: (api, cursor) => api.scopeList(filter, cursor, cursor ? 300 : 100),
    enabled,
    keepPrevious: true,
  });

export const useScopeTransactionTotals = (filter: TransactionFilter, enabled: boolean) =>
  transactions.useQuery({
    key: (s) => scopeTransactionKeys.totals(s, filter),
    fetch: (api) => api.scopeTotals(filter),
    enabled,
  });

export const useTransactionTotals = (accountId: string, filter: TransactionFilter, enabled: boolean) =>
  transactions.useQuery({
    key: (s) => accountKeys.totals(s, accountId, filter),
    fetch: (api) => api.totals(accountId, filter),
    enabled,
  });

/** Marks, unmarks (false) or returns to detection (null); every figure of the scope moves with it. */
export const useMarkTransfer = (accountId: string) =>
  transactions.useChange(
    (api, { id, isTransfer }: { id: string; isTransfer: boolean | null }) => api.markTransfer(id, isTransfer),
    (s) => [accountKeys.account(s, accountId), counterpartKeys.all(s)],
  );

/**
 * Fetches the CSV of the filtered set (the session cookie and X-Scope go with it) and saves it: one
 * account's, or with no account every account's (narrowed by `filter.accountId` when chosen).
 */
export async function downloadTransactionsCsv(
  accountId: string | undefined,
  scopeId: string,
  filter: TransactionFilter,
  format: "csv" | "excel-eu" = "csv",
): Promise<void> {
  const params = new URLSearchParams();
  const query = accountId === undefined ? scopeFilterQuery(filter) : filterQuery(filter);
  for (const [k, v] of Object.entries(query)) if (v) params.set(k, v);
  if (format !== "csv") params.set("format", format);
  const path = accountId === undefined ? "transactions.csv" : `accounts/${enc(accountId)}/transactions.csv`;
  const response = await fetch(`${BASE}/${path}?${params}`, {
    headers: { "x-scope": scopeId },
  });
  if (!response.ok) throw await apiCallErrorOf(response);
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "transactions.csv";
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: the download has taken the blob by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A transaction's note and tags; the lists that show it (this account's, every account's) refetch. */
export const useSetTransactionNote = (accountId: string) =>
  transactions.useChange(
    (api, { id, ...change }: { id: string; note?: string | null; tags?: string[] }) => api.setNote(id, change),
    (s) => [accountKeys.transactionsOf(s, accountId), scopeTransactionKeys.all(s)],
  );
