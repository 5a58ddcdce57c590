"use client";
// The transactions filter lives in the URL (?fromDate=…&q=…), so a filtered view can be shared and
// survives a reload; changes replace the history entry rather than adding one per keystroke.
// The entry is replaced with the browser's own history.replaceState, which Next's App Router follows
// (useSearchParams answers the new query): router.replace asked the server for the page again (an
// RSC round trip) on every settled keystroke, though nothing the server renders depends on the filter.
import { useCallback, useEffect, useMemo, useRef } from "react";
import { usePathname, useSearchParams } from "next/navigation";
import { filterFromParams, filterToParams, type TransactionFilter } from "@/lib/client/transactions";

export type FilterUpdate = TransactionFilter | ((previous: TransactionFilter) => TransactionFilter);

/**
 * The filter and its setter. Updates compose: two changes made before the URL has caught up (pick a
 * date, then a status) both apply, because each builds on the latest filter asked for, not on the
 * URL of the last render.
 */
export function useUrlFilter(): [TransactionFilter, (next: FilterUpdate) => void] {
  const params = useSearchParams();
  const pathname = usePathname();
  const key = params.toString();
  const filter = useMemo(() => filterFromParams(new URLSearchParams(key)), [key]);
  const latest = useRef(filter);
  useEffect(() => {
    latest.current = filter;
  }, [filter]);
  const setFilter = useCallback(
    (next: FilterUpdate) => {
      const value = typeof next === "function" ? next(latest.current) : next;
      latest.current = value;
      const query = filterToParams(value, new URLSearchParams(window.location.search)).toString();
      window.history.replaceState(null, "", query ? `${pathname}?${query}` : pathname);
    },
    [pathname],
  );
  return [filter, setFilter];
}

/** True on a phone-width screen, where rows stack (and are taller). */
export function narrowQuery(): MediaQueryList | null {
  return typeof window === "undefined" ? null : window.matchMedia("(max-width: 639px)");
}
