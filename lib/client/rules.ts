"use client";
// The scope's rules on import through the typed client: types, query keys and hooks for the Rules
// page, its live count, "apply to existing" with its progress and undo, and suggested rules.
import type { z } from "zod";
import type { ApiClient } from "@/lib/client/api-client";
import { domainHooks } from "@/lib/client/domain-hooks";
import { scopeKey } from "@/lib/client/query-keys";
import type {
  RuleApplicationSchema,
  RulePreviewSchema,
  RuleSchema,
  RuleSuggestionSchema,
} from "@/lib/openapi/schemas/rules";
import type { DismissBody, DraftPreviewBody, RuleBody, RulePatch } from "@/lib/rules/schemas";

export type Rule = z.output<typeof RuleSchema>;
export type RuleApplication = z.output<typeof RuleApplicationSchema>;

/** Whether an application is still to finish (queued or running): its progress is still moving. */
export const isApplicationRunning = (state: RuleApplication["state"] | undefined): boolean =>
  state === "queued" || state === "running";
export type RuleSuggestion = z.output<typeof RuleSuggestionSchema>;
type Preview = z.output<typeof RulePreviewSchema>;
export type RuleInput = z.input<typeof RuleBody>;
export type DraftInput = z.input<typeof DraftPreviewBody>;
type PatchInput = z.input<typeof RulePatch>;

const BASE = "/api/accounttracking/v1/rules";
const enc = encodeURIComponent;

function rulesApi(client: ApiClient) {
  const { scoped } = client;
  return {
    list: () => scoped.get<Rule[]>(BASE),
    create: (input: RuleInput) => scoped.send<Rule>("POST", BASE, input),
    update: ({ id, ...change }: PatchInput & { id: string }) =>
      scoped.send<Rule>("PATCH", `${BASE}/${enc(id)}`, change),
    remove: (id: string) => scoped.send<undefined>("DELETE", `${BASE}/${enc(id)}`),
    reorder: (ids: string[]) => scoped.send<Rule[]>("POST", `${BASE}/reorder`, { ids }),
    previewDraft: (draft: DraftInput) => scoped.send<Preview>("POST", `${BASE}/preview`, draft),
    apply: (id: string) => scoped.send<RuleApplication>("POST", `${BASE}/${enc(id)}/apply`),
    application: (id: string) => scoped.get<RuleApplication>(`/api/accounttracking/v1/rule-applications/${enc(id)}`),
    undo: (id: string) =>
      scoped.send<RuleApplication>("POST", `/api/accounttracking/v1/rule-applications/${enc(id)}/undo`),
    suggestions: () => scoped.get<RuleSuggestion[]>(`${BASE}/suggestions`),
    dismiss: (pair: z.input<typeof DismissBody>) => scoped.send<undefined>("POST", `${BASE}/suggestions/dismiss`, pair),
  };
}

const ruleKeys = {
  all: (scopeId: string | null) => scopeKey(scopeId, "rules"),
  list: (scopeId: string | null) => [...ruleKeys.all(scopeId), "list"] as const,
  suggestions: (scopeId: string | null) => [...ruleKeys.all(scopeId), "suggestions"] as const,
  application: (scopeId: string | null, id: string) => [...ruleKeys.all(scopeId), "application", id] as const,
};

const rules = domainHooks(rulesApi);
// A rule's change can change any transaction's category: every query of the scope refetches.
const stale = (scopeId: string | null) => [["scope", scopeId] as const];

export const useRules = () => rules.useQuery({ key: ruleKeys.list, fetch: (api) => api.list() });
export const useRuleSuggestions = () =>
  rules.useQuery({ key: ruleKeys.suggestions, fetch: (api) => api.suggestions() });
/** An application's progress, asked again every second while it runs. */
export const useRuleApplication = (id: string | null) =>
  rules.useQuery({
    key: (scopeId) => ruleKeys.application(scopeId, id ?? ""),
    fetch: (api) => api.application(id ?? ""),
    enabled: id !== null,
    refetchInterval: (query) => (isApplicationRunning(query.state.data?.state) ? 1000 : false),
  });
export const useCreateRule = () => rules.useChange((api, input: RuleInput) => api.create(input), stale);
export const useUpdateRule = () =>
  rules.useChange((api, input: PatchInput & { id: string }) => api.update(input), stale);
export const useDeleteRule = () => rules.useChange((api, id: string) => api.remove(id), stale);
export const useReorderRules = () => rules.useChange((api, ids: string[]) => api.reorder(ids), stale);
export const useApplyRule = () => rules.useChange((api, id: string) => api.apply(id), stale);
export const useUndoApplication = () => rules.useChange((api, id: string) => api.undo(id), stale);
export const useDismissSuggestion = () =>
  rules.useChange((api, pair: z.input<typeof DismissBody>) => api.dismiss(pair), stale);
/** How many stored transactions a rule not saved yet would change (`draft` as JSON, debounced by the caller). */
export const useRuleDraftPreview = (draft: string, enabled: boolean) =>
  rules.useQuery({
    key: (scopeId) => [...ruleKeys.all(scopeId), "preview", draft] as const,
    fetch: (api) => api.previewDraft(JSON.parse(draft) as DraftInput),
    enabled,
    retry: false,
  });
