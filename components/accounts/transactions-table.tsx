"use client";
// The account's transactions, newest first: filters, and a virtualised table that pages by cursor
// as you scroll. Only the visible rows (plus a few) are in the DOM, so 100k+ rows stay smooth.
import { useEffect, useMemo, useRef, useState } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";
import { plural } from "@/components/accounts/format";
import { ROW_HEIGHT, TransactionRow, TransactionsHeader } from "@/components/accounts/transaction-row";
import { Button, Spinner } from "@/components/ui/button";
import { Card, CardHeader, EmptyState, SkeletonRows } from "@/components/ui/card";
import { FormError, SelectField, TextField } from "@/components/ui/field";
import { RebindDialog } from "@/components/accounts/rebind-dialog";
import { useCanManageAccounts, useTransactions, type Transaction, type TransactionFilter } from "@/lib/client/accounts";
import { useCounterpartNames } from "@/lib/client/counterparts";
import { errorMessage } from "@/lib/client/errors";

const STATUSES = [
  { value: "", label: "Booked and pending" },
  { value: "booked", label: "Booked" },
  { value: "pending", label: "Pending" },
] as const;

/** Start loading the next page when the last rendered row is this close to the end. */
const PREFETCH_ROWS = 30;

function Filters({ filter, onChange }: { filter: TransactionFilter; onChange: (next: TransactionFilter) => void }) {
  const backwards = Boolean(filter.fromDate && filter.toDate && filter.fromDate > filter.toDate);
  const active = Boolean(filter.fromDate || filter.toDate || filter.status);
  return (
    <div className="flex flex-wrap items-end gap-3 border-b border-slate-100 px-5 py-4">
      <TextField
        label="From"
        type="date"
        className="w-40"
        value={filter.fromDate ?? ""}
        max={filter.toDate}
        onChange={(e) => onChange({ ...filter, fromDate: e.target.value || undefined })}
      />
      <TextField
        label="To"
        type="date"
        className="w-40"
        value={filter.toDate ?? ""}
        min={filter.fromDate}
        error={backwards ? "Must be on or after From" : undefined}
        onChange={(e) => onChange({ ...filter, toDate: e.target.value || undefined })}
      />
      <SelectField
        label="Status"
        className="w-48"
        options={STATUSES}
        value={filter.status ?? ""}
        onChange={(e) => onChange({ ...filter, status: (e.target.value || undefined) as TransactionFilter["status"] })}
      />
      {active && (
        <Button variant="ghost" onClick={() => onChange({})}>
          Clear filters
        </Button>
      )}
    </div>
  );
}

export function TransactionsTable({ accountId, syncing }: { accountId: string; syncing: boolean }) {
  const [filter, setFilter] = useState<TransactionFilter>({});
  const [rebinding, setRebinding] = useState<Transaction | null>(null);
  const canRebind = useCanManageAccounts().allowed;
  const backwards = Boolean(filter.fromDate && filter.toDate && filter.fromDate > filter.toDate);
  const query = useTransactions(accountId, backwards ? { ...filter, toDate: undefined } : filter);
  const pages = query.data?.pages;
  const rows = useMemo(() => pages?.flatMap((p) => p.items) ?? [], [pages]);
  // The counterpart column shows the person's names (aliases, consolidations), fetched per page.
  const idGroups = useMemo(
    () =>
      (pages ?? []).map((p) => [...new Set(p.items.map((t) => t.counterpartId).filter((id): id is string => id !== null))].sort()),
    [pages],
  );
  const counterpartNames = useCounterpartNames(idGroups);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = query;
  const scrollRef = useRef<HTMLDivElement>(null);

  const virtualizer = useVirtualizer({
    count: rows.length + (hasNextPage ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.length ? items[items.length - 1].index : -1;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError && lastIndex >= rows.length - PREFETCH_ROWS) {
      void fetchNextPage();
    }
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, lastIndex, rows.length, fetchNextPage]);

  // A new filter starts at the top.
  const filterKey = JSON.stringify(filter);
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [filterKey]);

  const filtered = Boolean(filter.fromDate || filter.toDate || filter.status);
  const countText = query.isPending
    ? "Loading transactions…"
    : `${plural(rows.length, "transaction")} loaded${hasNextPage ? " · scroll for more" : filtered ? " · all that match" : " · all"}`;

  let body;
  if (query.isPending) body = <SkeletonRows rows={8} label="Loading transactions" />;
  else if (query.isError && rows.length === 0) {
    body = (
      <div className="space-y-3 p-5">
        <FormError message={errorMessage(query.error)} />
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (rows.length === 0) {
    body = filtered ? (
      <EmptyState title="No transactions match these filters" action={<Button variant="secondary" onClick={() => setFilter({})}>Clear filters</Button>} />
    ) : (
      <EmptyState title={syncing ? "The first sync is running" : "No transactions yet"}>
        {syncing ? "Transactions appear here when it finishes." : "Press Sync now to fetch them from the bank."}
      </EmptyState>
    );
  } else {
    body = (
      <div
        ref={scrollRef}
        className="relative h-[36rem] overflow-auto overscroll-contain"
        tabIndex={0}
        aria-label="Transactions, scrollable"
      >
        <div role="table" aria-label="Transactions" aria-rowcount={hasNextPage ? -1 : rows.length + 1} className="min-w-[52rem]">
          <TransactionsHeader />
          <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const t = rows[item.index];
              if (t) {
                return (
                  <TransactionRow
                    key={t.id}
                    transaction={t}
                    counterpartName={t.counterpartId ? counterpartNames.get(t.counterpartId) : undefined}
                    index={item.index}
                    start={item.start}
                    onCounterpart={canRebind ? setRebinding : undefined}
                  />
                );
              }
              return (
                <div key="loader" role="row" style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }} className="absolute left-0 top-0 flex w-full items-center gap-2 px-5 text-sm text-slate-500">
                  <div role="cell">
                    {isFetchNextPageError ? (
                      <span className="text-red-700">
                        Could not load more: {errorMessage(query.error)}{" "}
                        <Button size="sm" variant="secondary" onClick={() => void fetchNextPage()}>
                          Retry
                        </Button>
                      </span>
                    ) : (
                      <>
                        <Spinner /> Loading more…
                      </>
                    )}
                  </div>
                </div>
              );
            })}
          </div>
        </div>
      </div>
    );
  }

  return (
    <Card>
      <CardHeader
        title="Transactions"
        description="Newest first. Pending transactions are dated by their value date."
        action={
          <p role="status" aria-label="Loaded transactions" className="text-sm text-slate-600">
            {countText}
            {query.isFetching && !query.isPending && !isFetchingNextPage && <span className="ml-2 inline-flex align-middle"><Spinner /></span>}
          </p>
        }
      />
      <Filters filter={filter} onChange={setFilter} />
      {body}
      {rebinding && <RebindDialog accountId={accountId} transaction={rebinding} onClose={() => setRebinding(null)} />}
    </Card>
  );
}
