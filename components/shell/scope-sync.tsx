"use client";
import { useEffect } from "react";
import { readStoredScopeId, useApi } from "@/lib/client/api-context";
import { useScopes } from "@/lib/client/hooks";

/** Picks the scope once the list is known: the remembered one if still valid, else the first. */
export function ScopeSync() {
  const { scopeId, setScopeId } = useApi();
  const { data: scopes } = useScopes();

  useEffect(() => {
    if (!scopes) return;
    if (scopeId && scopes.some((s) => s.scopeId === scopeId)) return;
    const stored = readStoredScopeId();
    const next = scopes.find((s) => s.scopeId === stored) ?? scopes[0] ?? null;
    setScopeId(next?.scopeId ?? null);
  }, [scopes, scopeId, setScopeId]);

  return null;
}
