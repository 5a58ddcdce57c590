// The states of a query-backed panel, shown the same everywhere: skeleton rows while it loads, the
// error in words when it failed (with "Try again" where the panel offers it), the empty state when
// there is nothing, and otherwise the content.
import type { ReactNode } from "react";
import type { InfiniteData } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { SkeletonRows } from "@/components/ui/card";
import { FormError } from "@/components/ui/field";
import type { Page } from "@/lib/client/api-client";
import { itemsOf } from "@/lib/client/domain-hooks";
import { errorMessage } from "@/lib/client/errors";

type Query<T> = { isPending: boolean; isError: boolean; error: unknown; data: T | undefined };

/** A failed load in words: what was being done (`before`), the error, what is kept (`after`). */
export function QueryError({
  error,
  before,
  after,
  onRetry,
}: {
  error: unknown;
  before?: string;
  after?: string;
  onRetry?: () => void;
}) {
  const message = [before, errorMessage(error), after].filter(Boolean).join(" ");
  return (
    <div className={onRetry ? "space-y-3 p-5" : "p-5"}>
      <FormError message={message} />
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}

type StatesProps<T> = {
  query: Query<T>;
  /** What the skeleton announces, e.g. "Loading accounts". */
  loading: string;
  rows?: number;
  /** When to show `empty`; by default, when the data is an empty list. */
  isEmpty?: (data: T) => boolean;
  empty: ReactNode;
  children: (data: T) => ReactNode;
};

export function QueryStates<T>({
  query,
  loading,
  rows,
  isEmpty = (data) => Array.isArray(data) && data.length === 0,
  empty,
  children,
}: StatesProps<T>) {
  if (query.isPending) return <SkeletonRows rows={rows} label={loading} />;
  if (query.isError || query.data === undefined) return <QueryError error={query.error} />;
  return isEmpty(query.data) ? empty : children(query.data);
}

/** QueryStates for a cursor-paged list: empty while no loaded page has an item; the content gets them all. */
export function PagedStates<T>({
  children,
  ...states
}: Omit<StatesProps<InfiniteData<Page<T>>>, "isEmpty" | "children"> & { children: (items: T[]) => ReactNode }) {
  return (
    <QueryStates {...states} isEmpty={(data) => itemsOf(data).length === 0}>
      {(data) => children(itemsOf(data))}
    </QueryStates>
  );
}
