// The states of a query-backed panel, shown the same everywhere: skeleton rows while it loads, the
// error in words when it failed, the empty state when there is nothing, and otherwise the content.
import type { ReactNode } from "react";
import { SkeletonRows } from "@/components/ui/card";
import { FormError } from "@/components/ui/field";
import { errorMessage } from "@/lib/client/errors";

type Query<T> = { isPending: boolean; isError: boolean; error: unknown; data: T | undefined };

export function QueryStates<T>({
  query,
  loading,
  rows,
  isEmpty,
  empty,
  children,
}: {
  query: Query<T>;
  /** What the skeleton announces, e.g. "Loading accounts". */
  loading: string;
  rows?: number;
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <SkeletonRows rows={rows} label={loading} />;
  if (query.isError || query.data === undefined)
    return (
      <div className="p-5">
        <FormError message={errorMessage(query.error)} />
      </div>
    );
  return isEmpty(query.data) ? empty : children(query.data);
}
