// The document's tags, in display order. A route names one of these (`tag` in its route() call).
export const TAGS = [
  { name: "Authentication", description: "Sign-up, tokens, personal access tokens and API keys." },
  { name: "Scopes", description: "Scopes (workspaces), their members and roles." },
  { name: "Clients", description: "The clients of a scope." },
  { name: "Account tracking", description: "Registration, banks and PSD2 consents." },
  { name: "Tracked accounts", description: "Tracked bank accounts, transactions, stats and syncs." },
  {
    name: "Counterparts",
    description: "Who an account's transactions are with: totals, aliases, consolidation, families and bindings.",
  },
  { name: "Data registry", description: "Datasets, subset types, providers, profiles and company lookup." },
  { name: "Health", description: "Liveness." },
] as const;

export type Tag = (typeof TAGS)[number]["name"];
