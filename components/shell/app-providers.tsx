"use client";
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { signInFor } from "@/components/auth/safe-next";
import { ToastProvider } from "@/components/ui/toast";
import { ApiProvider } from "@/lib/client/api-context";
import { isApiCallError } from "@/lib/client/errors";

function onUnauthenticated(error: unknown) {
  // The session expired or was cleared: back to sign-in (the API client already retried what it could).
  if (isApiCallError(error) && error.status === 401 && !window.location.pathname.startsWith("/sign")) {
    window.location.assign(signInFor(`${window.location.pathname}${window.location.search}`));
  }
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        queryCache: new QueryCache({ onError: onUnauthenticated }),
        mutationCache: new MutationCache({ onError: onUnauthenticated }),
        // The API client does its own retries with backoff; react-query must not multiply them.
        defaultOptions: { queries: { retry: false, staleTime: 15_000, refetchOnWindowFocus: false } },
      }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <ApiProvider>
        <ToastProvider>{children}</ToastProvider>
      </ApiProvider>
    </QueryClientProvider>
  );
}
