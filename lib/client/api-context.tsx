"use client";
// The browser's API client and the current scope (which drives X-Scope for every scoped call).
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { createApiClient, type ApiClient } from "@/lib/client/api-client";

const STORAGE_KEY = "ledgerlink.scopeId";

type ApiContextValue = {
  client: ApiClient;
  /** The chosen scope id, or null before one is known. */
  scopeId: string | null;
  setScopeId: (scopeId: string | null) => void;
};

const ApiContext = createContext<ApiContextValue | null>(null);

export function readStoredScopeId(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function storeScopeId(scopeId: string | null) {
  try {
    if (scopeId) window.localStorage.setItem(STORAGE_KEY, scopeId);
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts for this page only.
  }
}

function scopedClient() {
  let current: string | null = null;
  const client = createApiClient({ scopeId: () => current });
  return { client, switchScope: (scopeId: string | null) => void (current = scopeId) };
}

export function ApiProvider({ children }: { children: ReactNode }) {
  const [scopeId, setScopeState] = useState<string | null>(null);
  // One client for the provider's life; it keeps the scope itself, so a call made right after a
  // switch already sends the new scope, before React re-renders.
  const [{ client, switchScope }] = useState(scopedClient);

  const setScopeId = useCallback(
    (next: string | null) => {
      switchScope(next);
      storeScopeId(next);
      setScopeState(next);
    },
    [switchScope],
  );

  const value = useMemo(() => ({ client, scopeId, setScopeId }), [client, scopeId, setScopeId]);
  return <ApiContext.Provider value={value}>{children}</ApiContext.Provider>;
}

export function useApi(): ApiContextValue {
  const value = useContext(ApiContext);
  if (!value) throw new Error("useApi must be used inside <ApiProvider>");
  return value;
}
