// "Load more" under a cursor-paged list: shown only while there is a next page, busy while it loads.
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

/** The fields of an infinite query that paging reads. */
type Pages = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };

export function LoadMoreButton({
  pages,
  size,
  children = "Load more",
}: {
  pages: Pages;
  size?: "sm" | "md";
  children?: ReactNode;
}) {
  if (!pages.hasNextPage) return null;
  return (
    <Button
      variant="secondary"
      size={size}
      pending={pages.isFetchingNextPage}
      onClick={() => void pages.fetchNextPage()}
    >
      {children}
    </Button>
  );
}

/** The button in a card's footer row. */
export function LoadMore({ pages, children }: { pages: Pages; children?: ReactNode }) {
  if (!pages.hasNextPage) return null;
  return (
    <div className="border-t border-slate-100 px-5 py-3">
      <LoadMoreButton pages={pages} size="sm">
        {children}
      </LoadMoreButton>
    </div>
  );
}

/** A list card's footer: how many are shown (announced as it grows) and "Load more" while there are more. */
export function ShownAndMore({ shown, noun, pages }: { shown: number; noun: string; pages: Pages }) {
  return (
    <div className="flex items-center justify-between border-t border-slate-100 px-5 py-3 text-sm text-slate-500">
      <span aria-live="polite">
        Showing {shown} {noun}
        {shown === 1 ? "" : "s"}
      </span>
      <LoadMoreButton pages={pages} />
    </div>
  );
}
