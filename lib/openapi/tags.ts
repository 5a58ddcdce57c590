// The document's tags and their descriptions, in display order. A route names one of these (`tag` in
// its route() call).
const DESCRIPTIONS = {
  Authentication: "Sign-up, tokens, personal access tokens and API keys.",
  Scopes: "Scopes (workspaces), their members and roles.",
  Clients: "The clients of a scope.",
  "Account tracking": "Registration, banks and PSD2 consents.",
  "Tracked accounts": "Tracked bank accounts, transactions, stats and syncs.",
  Counterparts: "Who an account's transactions are with: totals, aliases, consolidation, families and bindings.",
  Categories: "A scope's categories (one level of children), a transaction's category and a counterpart's default one.",
  "Recurring payments":
    "Payments that come again and again: detected streams, their status, and a person's word on them.",
  "Data registry": "Datasets, subset types, providers, profiles and company lookup.",
  Rules:
    "Rules on import: conditions and actions the sync runs on new and changed transactions, applying one to existing transactions (and undoing it), and rules suggested from a person's corrections.",
  Webhooks:
    "Signed webhooks (Standard Webhooks) for the scope's machine callers: endpoints, their messages and replays.",
  Audit: "The scope's audit trail: every change a person or a key made, for the scope's admins.",
  Notifications: "What the product tells each member: syncs failing, access ending, payments late, rules failing.",
  Health: "Liveness, readiness and metrics, for operators and their probes.",
} as const;

export type Tag = keyof typeof DESCRIPTIONS;

export const TAGS = (Object.keys(DESCRIPTIONS) as Tag[]).map((name) => ({ name, description: DESCRIPTIONS[name] }));
