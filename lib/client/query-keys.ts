// Query-key factory, one branch per domain. Scoped data is keyed under its scope, so switching the
// scope never shows another scope's cache. Never write a key inline; add it here.
export const queryKeys = {
  me: () => ["me"] as const,
  scopes: {
    all: () => ["scopes"] as const,
    list: () => [...queryKeys.scopes.all(), "list"] as const,
  },
  members: {
    all: (scopeId: string | null) => ["scope", scopeId, "members"] as const,
    list: (scopeId: string | null) => [...queryKeys.members.all(scopeId), "list"] as const,
  },
  personalTokens: {
    all: () => ["personal-tokens"] as const,
    list: () => [...queryKeys.personalTokens.all(), "list"] as const,
  },
  apiKeys: {
    all: (scopeId: string | null) => ["scope", scopeId, "api-keys"] as const,
    list: (scopeId: string | null) => [...queryKeys.apiKeys.all(scopeId), "list"] as const,
  },
  clients: {
    all: (scopeId: string | null) => ["scope", scopeId, "clients"] as const,
    list: (scopeId: string | null, filter: { search: string; perPage: number }) =>
      [...queryKeys.clients.all(scopeId), "list", filter] as const,
    detail: (scopeId: string | null, id: string) => [...queryKeys.clients.all(scopeId), "detail", id] as const,
  },
};
