// The list part of a counterparts card, the same on an account's page and on the workspace's: skeleton
// rows while it loads, the empty state (nothing matches the search, or nothing synced yet), the
// table the page gives, and "Load more" while there is a next page.
import type { ReactNode } from "react";
import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { EmptyState } from "@/components/ui/card";
import { LoadMore } from "@/components/ui/load-more";
import { PagedStates } from "@/components/ui/query-states";
import type { Page } from "@/lib/client/api-client";

export function PagedCounterparts<T>({
  list,
  search,
  syncs,
  children,
}: {
  list: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  /** The search the list answers ("" for none): the empty state says no match rather than none yet. */
  search: string;
  /** Whose sync brings counterparts, for the empty state ("the account", "an account"). */
  syncs: string;
  children: (items: T[]) => ReactNode;
}) {
  return (
    <>
      <PagedStates
        query={list}
        rows={5}
        loading="Loading counterparts"
        empty={
          <EmptyState title={search ? "No counterpart matches" : "No counterparts yet"}>
            {`Counterparts appear once ${syncs} has synced.`}
          </EmptyState>
        }
      >
        {children}
      </PagedStates>
      <LoadMore pages={list} />
    </>
  );
}
