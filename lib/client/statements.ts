"use client";
// Statement files through the typed client (issue 37): the preview of a file's first bytes (its
// format, and for a CSV its first rows and a guessed or saved layout), the scope's saved CSV layouts,
// the upload of a file into an account, its imports, and one import polled while it runs. A finished
// import refreshes what it changed: the account's transactions, figures, balances and months.
import { useEffect, useRef } from "react";
import { useMutation, useQueryClient, type Query } from "@tanstack/react-query";
import type { ApiClient } from "@/lib/client/api-client";
import { accountKeys } from "@/lib/client/accounts";
import { domainHooks } from "@/lib/client/domain-hooks";
import { scopeKey } from "@/lib/client/query-keys";
import type { z } from "zod";
import type * as schemas from "@/lib/openapi/schemas/statements";
import type { CsvLayoutInput } from "@/lib/statements/csv-layout";

// The API's shapes, from the schemas its routes declare. A layout travels as a plain record there;
// it is the server's own CsvLayout (or its guess at one), so it is read as a layout's input here.
type WithLayout<T> = Omit<T, "layout"> & { layout: CsvLayoutInput };
export type StatementImport = z.output<typeof schemas.StatementImportSchema>;
export type StatementFormat = StatementImport["format"];
export type ImportState = StatementImport["state"];
export type SavedCsvLayout = WithLayout<z.output<typeof schemas.SavedCsvLayoutSchema>>;
type PreviewShape = z.output<typeof schemas.StatementPreviewSchema>;
export type CsvPreview = Omit<NonNullable<PreviewShape["csv"]>, "detected" | "saved"> & {
  detected: CsvLayoutInput;
  saved: SavedCsvLayout | null;
};
export type StatementPreview = { format: StatementFormat; csv: CsvPreview | null };

/** The preview reads no more than this of a file; sending more would be thrown away. */
export const PREVIEW_BYTES = 256 * 1024;
/** The largest file the import takes. */
export const MAX_STATEMENT_BYTES = 256 * 1024 * 1024;
/** The media types the routes accept; a file of another (a CSV as "application/vnd.ms-excel") goes as bytes. */
const ACCEPTED_TYPES = ["application/xml", "text/xml", "text/csv", "text/plain"];
const contentTypeOf = (file: Blob) => (ACCEPTED_TYPES.includes(file.type) ? file.type : "application/octet-stream");

const BASE = "/api/accounttracking/v1";
const enc = encodeURIComponent;

function statementsApi(client: ApiClient) {
  const { scoped } = client;
  const statements = (accountId: string) => `${BASE}/accounts/${enc(accountId)}/statements`;
  return {
    preview: async (accountId: string, file: Blob) => {
      const head = file.slice(0, PREVIEW_BYTES);
      const answer = await scoped.sendRaw<StatementPreview>(`${statements(accountId)}/preview`, {
        bytes: head,
        contentType: contentTypeOf(file),
      });
      return answer.data;
    },
    layouts: () => scoped.get<SavedCsvLayout[]>(`${BASE}/csv-layouts`),
    saveLayout: (input: { layout: CsvLayoutInput; header: string[] | null }) =>
      scoped.send<SavedCsvLayout>("POST", `${BASE}/csv-layouts`, input),
    upload: (accountId: string, input: UploadInput) =>
      scoped.sendRaw<StatementImport>(
        statements(accountId),
        { bytes: input.file, contentType: contentTypeOf(input.file) },
        { fileName: input.fileName, format: input.format, layoutId: input.layoutId },
      ),
    list: (accountId: string) => scoped.get<StatementImport[]>(statements(accountId)),
    get: (accountId: string, importId: string) =>
      scoped.get<StatementImport>(`${statements(accountId)}/${enc(importId)}`),
  };
}

type UploadInput = { file: Blob; fileName: string; format: StatementFormat; layoutId: string | null };
/** The upload's answer: queued now, or the import that already holds these bytes (`already`). */
export type Uploaded = { statementImport: StatementImport; already: boolean };

export const statementKeys = {
  /** Under the account's keys, so whatever refreshes the account refreshes its imports too. */
  imports: (scopeId: string | null, accountId: string) =>
    [...accountKeys.account(scopeId, accountId), "statement-imports"] as const,
  import: (scopeId: string | null, accountId: string, importId: string) =>
    [...statementKeys.imports(scopeId, accountId), importId] as const,
  layouts: (scopeId: string | null) => [...scopeKey(scopeId, "csv-layouts"), "list"] as const,
};

const statements = domainHooks(statementsApi);

export const isImportActive = (state: ImportState | undefined) => state === "queued" || state === "running";

/** The format of a file and, for a CSV, what the column mapper starts from. */
export function usePreviewStatement(accountId: string) {
  const { api } = statements.useApi();
  return useMutation({ mutationFn: (file: Blob) => api.preview(accountId, file) });
}

export const useCsvLayouts = () => statements.useQuery({ key: statementKeys.layouts, fetch: (api) => api.layouts() });

/** Saves a layout for the scope (a second save for the same header replaces it). */
export const useSaveCsvLayout = () =>
  statements.useChange(
    (api, input: { layout: CsvLayoutInput; header: string[] | null }) => api.saveLayout(input),
    (s) => [statementKeys.layouts(s)],
  );

/** Sends the file; 202 is a new import (queued), 200 the earlier import of the same bytes. */
export function useUploadStatement(accountId: string) {
  const { api, scopeId } = statements.useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UploadInput): Promise<Uploaded> => {
      const { status, data } = await api.upload(accountId, input);
      return { statementImport: data, already: status === 200 };
    },
    onSuccess: ({ statementImport }) => {
      queryClient.setQueryData(statementKeys.import(scopeId, accountId, statementImport.id), statementImport);
      return queryClient.invalidateQueries({ queryKey: statementKeys.imports(scopeId, accountId), exact: true });
    },
  });
}

/** The account's imports, newest first; asked again every 2 s while one of them is in flight. */
export const useStatementImports = (accountId: string) =>
  statements.useQuery({
    key: (s) => statementKeys.imports(s, accountId),
    fetch: (api) => api.list(accountId),
    refetchInterval: (q) => (q.state.data?.some((i) => isImportActive(i.state)) ? 2000 : false),
  });

/**
 * What an import wrote can change the account's rows, figures, balances, months and its place in the
 * list: everything kept under the account is refreshed, the transactions reset (an invalidated
 * infinite query would refetch every page it had loaded; see useSyncStatus).
 */
export function refreshAfterImport(
  queryClient: ReturnType<typeof useQueryClient>,
  scopeId: string | null,
  accountId: string,
) {
  const transactions = accountKeys.transactionsOf(scopeId, accountId);
  const isTransactions = (query: Query) => transactions.every((part, i) => query.queryKey[i] === part);
  void queryClient.resetQueries({ queryKey: transactions });
  void queryClient.invalidateQueries({
    queryKey: accountKeys.account(scopeId, accountId),
    predicate: (query) => !isTransactions(query),
  });
  void queryClient.invalidateQueries({ queryKey: accountKeys.list(scopeId) });
}

/**
 * One import, asked again every second while it is queued or running (for the progress bar). When
 * one seen in flight here ends well, what it wrote is refreshed, once; an import already over when
 * it came (the earlier import of the same file) changed nothing now, so nothing is refreshed.
 */
export function useStatementImport(accountId: string, importId: string | null) {
  const { scopeId } = statements.useApi();
  const queryClient = useQueryClient();
  const query = statements.useQuery({
    key: (s) => statementKeys.import(s, accountId, importId ?? ""),
    fetch: (api) => api.get(accountId, importId ?? ""),
    enabled: importId !== null,
    refetchInterval: (q) => (isImportActive(q.state.data?.state) ? 1000 : false),
  });
  const data = query.data;
  const seenActive = useRef<string | null>(null);
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!data) return;
    if (isImportActive(data.state)) {
      seenActive.current = data.id;
      return;
    }
    if (seenActive.current !== data.id || handled.current === data.id) return;
    handled.current = data.id;
    if (data.state === "succeeded") refreshAfterImport(queryClient, scopeId, accountId);
    else void queryClient.invalidateQueries({ queryKey: statementKeys.imports(scopeId, accountId), exact: true });
  }, [data, queryClient, scopeId, accountId]);
  return query;
}
