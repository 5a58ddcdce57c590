"use client";
// The transactions filter lives in the URL (?fromDate=…&q=…), so a filtered view can be shared and
// survives a reload; changes replace the history entry rather than adding one per keystroke.
import { useCallback, useMemo } from "react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { filterFromParams, filterToParams, type TransactionFilter } from "@/lib/client/transactions";

export function useUrlFilter(): [TransactionFilter, (next: TransactionFilter) => void] {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const key = params.toString();
  const filter = useMemo(() => filterFromParams(new URLSearchParams(key)), [key]);
  const setFilter = useCallback(
    (next: TransactionFilter) => {
      const query = filterToParams(next, new URLSearchParams(key)).toString();
      router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [key, pathname, router],
  );
  return [filter, setFilter];
}

/** True on a phone-width screen, where rows stack (and are taller). */
export function narrowQuery(): MediaQueryList | null {
  return typeof window === "undefined" ? null : window.matchMedia("(max-width: 639px)");
}
