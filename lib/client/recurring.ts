"use client";
// Recurring payments through the typed client: the scope's streams (or one account's) and a
// person's word on one; any change refetches every stream query of the scope.
import type { ApiClient } from "@/lib/client/api-client";
import { domainHooks } from "@/lib/client/domain-hooks";
import { scopeKey } from "@/lib/client/query-keys";
import type { RecurringStreamDetail } from "@/lib/recurring/schemas";

export type Stream = RecurringStreamDetail;
export type StreamWord = { name?: string | null; confirmed?: boolean; dismissed?: boolean };
type ListParams = { accountId?: string; dismissed: "true" | "false" | "any" };

const BASE = "/api/accounttracking/v1/recurring";

function recurringApi(client: ApiClient) {
  const { scoped } = client;
  return {
    list: (params: ListParams) =>
      scoped.get<Stream[]>(BASE, {
        "filter[accountId]": params.accountId || undefined,
        "filter[dismissed]": params.dismissed,
      }),
    update: (id: string, word: StreamWord) => scoped.send<Stream>("PATCH", `${BASE}/${encodeURIComponent(id)}`, word),
  };
}

const recurringKeys = {
  all: (scopeId: string | null) => scopeKey(scopeId, "recurring"),
  list: (scopeId: string | null, params: ListParams) => [...recurringKeys.all(scopeId), "list", params] as const,
};

const recurring = domainHooks(recurringApi);

export const useRecurringStreams = (params: ListParams) =>
  recurring.useQuery({ key: (s) => recurringKeys.list(s, params), fetch: (api) => api.list(params) });

export const useStreamWord = () =>
  recurring.useChange(
    (api, input: { id: string; word: StreamWord }) => api.update(input.id, input.word),
    (s) => [recurringKeys.all(s)],
  );
