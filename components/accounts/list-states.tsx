// What the transactions list says about itself: how many rows it shows and whether more come (the
// status over it), and what it says when it has none. While a sync writes pages, "none" means none
// read yet, never none at all.
import type { ReactNode } from "react";
import { plural } from "@/components/accounts/format";
import { EmptyState } from "@/components/ui/card";

type ListState = {
  problem: string | null;
  pending: boolean;
  searching: boolean;
  syncing: boolean;
  filtered: boolean;
  shown: number;
  more: boolean;
};

/** The status over the list. */
export function loadedText(s: ListState): string {
  if (s.problem) return "No transactions shown";
  if (s.pending) return "Loading transactions…";
  // The rows shown are the previous answer's, narrowed to the words typed: no count claimed.
  if (s.searching) return "Searching…";
  if (s.syncing) return `${plural(s.shown, "transaction")} loaded · the sync is adding more`;
  return `${plural(s.shown, "transaction")} loaded${s.more ? " · scroll for more" : s.filtered ? " · all that match" : " · all"}`;
}

/** The list without rows: none match, none read yet, or none at all. */
export function NoRows({
  filtered,
  syncing,
  clearFilters,
}: {
  filtered: boolean;
  syncing: boolean;
  clearFilters: ReactNode;
}) {
  if (filtered)
    return (
      <EmptyState
        title={syncing ? "None of the transactions read so far match" : "No transactions match these filters"}
        action={clearFilters}
      >
        {syncing ? "The sync is still reading; matching transactions show here as they arrive." : undefined}
      </EmptyState>
    );
  if (syncing)
    return (
      <EmptyState title="The sync is reading the bank's transactions">
        They show here as each page arrives, newest first.
      </EmptyState>
    );
  return <EmptyState title="No transactions yet">Press Sync now to fetch them from the bank.</EmptyState>;
}

/** In place of the balance check while a sync runs: the bank's balance is read at its end. */
export function BalanceCheckPending() {
  return (
    <p className="border-b border-slate-100 px-5 py-2 text-sm text-slate-600" data-testid="balance-check">
      Balance check: when the sync ends (it reads the bank&apos;s balance last).
    </p>
  );
}
