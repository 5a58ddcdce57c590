"use client";
// A person's housekeeping of an account through the typed client: stop tracking, resume, archive,
// restore, hide and show (PATCH /accounts/{id}); everything that lists or totals accounts refetches.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { AccountUpdateBody } from "@/lib/accounttracking/schemas";
import type { ApiClient } from "@/lib/client/api-client";
import { accountKeys, type Account } from "@/lib/client/accounts";
import { domainHooks } from "@/lib/client/domain-hooks";

export type AccountUpdate = z.input<typeof AccountUpdateBody>;
export type TrackingState = Account["trackingState"];

const housekeeping = domainHooks((client: ApiClient) => ({
  update: (id: string, change: AccountUpdate) =>
    client.scoped.send<Account>("PATCH", `/api/accounttracking/v1/accounts/${encodeURIComponent(id)}`, change),
}));

export function useUpdateAccount() {
  const { api, scopeId } = housekeeping.useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: AccountUpdate }) => api.update(id, change),
    onSuccess: async (account) => {
      queryClient.setQueryData(accountKeys.detail(scopeId, account.id), account);
      await queryClient.invalidateQueries({ queryKey: accountKeys.list(scopeId) });
    },
  });
}

/** Shown in lists, pickers and totals by default: neither hidden nor archived. */
export const shownByDefault = (account: Pick<Account, "hidden" | "trackingState">): boolean =>
  !account.hidden && account.trackingState !== "archived";
