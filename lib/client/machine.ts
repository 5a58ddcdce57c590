// A typed client for machine callers (API keys, connector apps, delegated agents): a bearer token, one
// scope, and the read path: scopes → accounts → transactions page by page → stats and sync status.
// Retries, Idempotency-Key and typed errors come from createApiClient (lib/client/api-client.ts).
// The types are the OpenAPI document's response schemas (lib/openapi/schemas), so they cannot drift.
import type { z } from "zod";
import { createApiClient, type ApiClient, type Page } from "@/lib/client/api-client";
import type { RetryOptions } from "@/lib/client/retry";
import type {
  AccountSchema,
  StatsSchema,
  SyncStatusSchema,
  TransactionSchema,
} from "@/lib/openapi/schemas/accounttracking";
import type { ChangesMetaSchema, ChangesSchema } from "@/lib/openapi/schemas/changes";

type MachineAccount = z.infer<typeof AccountSchema>;
type MachineTransaction = z.infer<typeof TransactionSchema>;
type MachineStats = z.infer<typeof StatsSchema>;
type MachineSyncStatus = z.infer<typeof SyncStatusSchema>;
type MachineChanges = z.infer<typeof ChangesSchema>;
type MachineChangesMeta = z.infer<typeof ChangesMetaSchema>;

type MachineClientOptions = {
  /** Origin of the Ledgerlink server, e.g. https://ledgerlink.example.com */
  baseUrl: string;
  /** An App token (ll_key_…, ll_app_…, ll_agt_…) or a personal access token (ll_pat_…). */
  token: string;
  /** The scope sent as X-Scope (from listScopes(); an App token has exactly one). */
  scopeId?: string | null;
  retry?: RetryOptions;
  fetch?: typeof fetch;
};

type PageInput = { perPage?: number; cursor?: string | null };
type TransactionsInput = PageInput & { fromDate?: string; toDate?: string; status?: "booked" | "pending" };

const enc = encodeURIComponent;
const AT = "/api/accounttracking/v1";

export function createMachineClient(options: MachineClientOptions) {
  let scopeId = options.scopeId ?? null;
  const api: ApiClient = createApiClient({
    baseUrl: options.baseUrl,
    token: options.token,
    scopeId: () => scopeId,
    retry: options.retry,
    fetch: options.fetch,
  });

  const { page } = api.scoped;

  const listTransactions = (accountId: string, input: TransactionsInput = {}) =>
    page<MachineTransaction>(`${AT}/accounts/${enc(accountId)}/transactions`, {
      "filter[fromDate]": input.fromDate,
      "filter[toDate]": input.toDate,
      "filter[status]": input.status,
      perPage: input.perPage,
      cursor: input.cursor,
    });

  return {
    /** The underlying client (every other operation, e.g. api.listClients()). */
    api,
    /** Switch the scope sent as X-Scope. */
    useScope(id: string) {
      scopeId = id;
    },
    get scopeId() {
      return scopeId;
    },
    listScopes: () => api.listScopes(),
    me: () => api.me(),
    listAccounts: (input: PageInput = {}) =>
      page<MachineAccount>(`${AT}/accounts`, { perPage: input.perPage, cursor: input.cursor }),
    getAccount: (id: string) => api.scoped.get<MachineAccount>(`${AT}/accounts/${enc(id)}`),
    listTransactions,
    /** Every page of an account's transactions, newest first, following `nextCursor` until the last page. */
    async *transactionPages(
      accountId: string,
      input: Omit<TransactionsInput, "cursor"> = {},
    ): AsyncGenerator<MachineTransaction[], void, undefined> {
      let cursor: string | null = null;
      do {
        const result: Page<MachineTransaction> = await listTransactions(accountId, { ...input, cursor });
        yield result.items;
        cursor = result.nextCursor;
      } while (cursor);
    },
    /**
     * One page of the change feed (docs/connectors.md): an account's, or the whole scope's without
     * `accountId`. Apply added and modified as upserts and removed as deletes; read again with
     * `nextCursor` while `hasMore`, then keep it for next time.
     */
    async changes(
      input: { accountId?: string; cursor?: string | null; perPage?: number } = {},
    ): Promise<MachineChanges & MachineChangesMeta> {
      const path = input.accountId
        ? `${AT}/accounts/${enc(input.accountId)}/transactions/changes`
        : `${AT}/transactions/changes`;
      const { data, meta } = await api.request<MachineChanges, MachineChangesMeta & { requestId: string }>(
        "GET",
        path,
        {
          scoped: true,
          query: { perPage: input.perPage, cursor: input.cursor },
        },
      );
      return { ...data, nextCursor: meta.nextCursor, hasMore: meta.hasMore };
    },
    getStats: (id: string) => api.scoped.get<MachineStats>(`${AT}/accounts/${enc(id)}/stats`),
    getSyncStatus: (id: string) => api.scoped.get<MachineSyncStatus>(`${AT}/accounts/${enc(id)}/sync-status`),
  };
}
