// Query-key factory, one branch per domain. Scoped data is keyed under its scope, so switching the
// scope never shows another scope's cache. Never write a key inline; add it here (or, for a domain
// module of its own, beside its hooks, rooted at `scopeKey`).

/** The root of a domain's keys in one scope: invalidating it refetches all of that domain there. */
export const scopeKey = <D extends string>(scopeId: string | null, domain: D) => ["scope", scopeId, domain] as const;

/** A scoped domain that is one list: `all` of it in a scope, and the list itself. */
function scopedList<D extends string>(domain: D) {
  const all = (scopeId: string | null) => scopeKey(scopeId, domain);
  return { all, list: (scopeId: string | null) => [...all(scopeId), "list"] as const };
}

export const queryKeys = {
  me: () => ["me"] as const,
  scopes: {
    all: () => ["scopes"] as const,
    list: () => [...queryKeys.scopes.all(), "list"] as const,
  },
  members: scopedList("members"),
  personalTokens: {
    all: () => ["personal-tokens"] as const,
    list: () => [...queryKeys.personalTokens.all(), "list"] as const,
  },
  apiKeys: scopedList("api-keys"),
  clients: {
    all: (scopeId: string | null) => scopeKey(scopeId, "clients"),
    list: (scopeId: string | null, filter: { search: string; perPage: number }) =>
      [...queryKeys.clients.all(scopeId), "list", filter] as const,
    detail: (scopeId: string | null, id: string) => [...queryKeys.clients.all(scopeId), "detail", id] as const,
  },
};
