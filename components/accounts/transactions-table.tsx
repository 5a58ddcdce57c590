"use client";
// The account's transactions, newest first: filters kept in the URL, totals and CSV of the filtered
// set, and a virtualised table that pages by cursor as you scroll (only the visible rows are in the
// DOM, so 100k+ rows stay smooth). A row opens the transaction's detail view. On a wide screen the
// list scrolls in its own box under the filters; on a phone it uses the page's own scroll (a box
// inside the page would trap the thumb scrolling past it).
import { useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { useVirtualizer, useWindowVirtualizer } from "@tanstack/react-virtual";
import { BalanceCheckPending, loadedText, NoRows } from "@/components/accounts/list-states";
import {
  ROW_HEIGHT,
  ROW_HEIGHT_NARROW,
  TransactionRow,
  TransactionsHeader,
} from "@/components/accounts/transaction-row";
import { TransactionDetail } from "@/components/accounts/transaction-detail";
import { TransactionFilters } from "@/components/accounts/transaction-filters";
import { searchWords, showsWords } from "@/components/accounts/typed-search";
import { TransactionTotalsBar } from "@/components/accounts/transaction-totals";
import { narrowQuery, useUrlFilter } from "@/components/accounts/use-url-filter";
import { Button, Spinner } from "@/components/ui/button";
import { Card, CardHeader, EmptyState, SkeletonRows } from "@/components/ui/card";
import { QueryError } from "@/components/ui/query-states";
import { useAccountStats, useCanManageAccounts, useTransactions, type Transaction } from "@/lib/client/accounts";
import { runningBalances } from "@/components/accounts/running-balance";
import { BalanceCheckNote } from "@/components/accounts/balance-check-note";
import { useScopeTransactions } from "@/lib/client/transactions";
import { useCounterpartNames } from "@/lib/client/counterparts";
import { errorMessage } from "@/lib/client/errors";
import { filterProblem } from "@/lib/client/transactions";

/** Start loading the next page when the last rendered row is this close to the end. */
const PREFETCH_ROWS = 30;
/** How often the list asks again while a sync writes pages. */
const SYNC_POLL_MS = 2000;

function useNarrow(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const mq = narrowQuery();
      mq?.addEventListener("change", notify);
      return () => mq?.removeEventListener("change", notify);
    },
    () => narrowQuery()?.matches ?? false,
    () => false,
  );
}

/** A row as shown: on the all-accounts list it names its account. */
type ShownTransaction = Transaction & { accountId?: string; accountName?: string | null };

/**
 * One account's transactions (`accountId`), or every account's (none given: the Transactions page,
 * with `accounts` to narrow to one).
 */
export function TransactionsTable({
  accountId,
  syncing,
  accounts,
}: {
  accountId?: string;
  syncing: boolean;
  accounts?: { id: string; name: string }[];
}) {
  const [filter, setFilter] = useUrlFilter();
  const [openId, setOpenId] = useState<string | null>(null);
  const [clearedAt, setClearedAt] = useState(0);
  const canEdit = useCanManageAccounts().allowed;
  // A filter that cannot match is kept as the person set it, and answered with no rows and a reason.
  const problem = filterProblem(filter);
  // While a sync writes pages the list asks again, so its rows show as they land (newest first).
  const ofAccount = useTransactions(
    accountId ?? "",
    filter,
    accountId !== undefined && problem === null,
    syncing ? SYNC_POLL_MS : false,
  );
  const ofScope = useScopeTransactions(filter, accountId === undefined && problem === null);
  const query = accountId === undefined ? ofScope : ofAccount;
  const pages = problem ? undefined : (query.data?.pages as { items: ShownTransaction[] }[] | undefined);
  const loaded = useMemo(() => pages?.flatMap((p) => p.items) ?? [], [pages]);
  // The search as typed, until the URL (and so the server's question) catches up with it.
  const [typed, setTyped] = useState<string | null>(null);
  const [seenQ, setSeenQ] = useState(filter.q);
  if (seenQ !== filter.q) {
    setSeenQ(filter.q);
    setTyped(null);
  }
  // Searching: typed words not asked yet, or asked and not answered (the previous answer still shown).
  const searching =
    !problem && ((typed !== null && typed.trim() !== (filter.q ?? "").trim()) || query.isPlaceholderData);
  const opened = useRef<ShownTransaction | null>(null);
  // The running balance needs every row above a row: an account's list without a filter only.
  const stats = useAccountStats(accountId ?? "", accountId !== undefined);
  const filtered = Object.values(filter).some(Boolean);
  // Not while a sync runs: rows land above the loaded ones before the bank's new balance is read.
  const balance = accountId !== undefined && !filtered && !syncing ? stats.data?.balance : null;
  const balances = useMemo(
    () =>
      balance && stats.data
        ? runningBalances(loaded, { amount: balance.amount, date: balance.date }, stats.data.currency)
        : null,
    [loaded, balance, stats.data],
  );
  const open = openId ? (loaded.find((r) => r.id === openId) ?? opened.current) : null;
  // The counterpart column shows the person's names (aliases, consolidations), fetched per page.
  const idGroups = useMemo(
    () =>
      (pages ?? []).map((p) =>
        [...new Set(p.items.map((t) => t.counterpartId).filter((id): id is string => id !== null))].sort(),
      ),
    [pages],
  );
  const counterpartNames = useCounterpartNames(idGroups);
  // Meanwhile the rows already loaded are narrowed to the words typed (components/accounts/typed-search.ts).
  const words = useMemo(() => searchWords(typed ?? filter.q ?? ""), [typed, filter.q]);
  const rows = useMemo(
    () =>
      searching && words.length > 0
        ? loaded.filter((t) =>
            showsWords(t, words, t.counterpartId ? counterpartNames.get(t.counterpartId) : undefined),
          )
        : loaded,
    [searching, words, loaded, counterpartNames],
  );
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = query;
  const scrollRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const narrow = useNarrow();
  const height = narrow ? ROW_HEIGHT_NARROW : ROW_HEIGHT;
  // Where the rows start on the page, for the page-scrolled list on a phone.
  const [listTop, setListTop] = useState(0);
  // No "loading more" row under rows narrowed on the client: the next page is the server's answer's.
  const more = hasNextPage && !problem && !searching;
  const count = rows.length + (more ? 1 : 0);

  // We do not run the React Compiler; the rule only says it would skip this component.
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual is not memoisable
  const boxed = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => height,
    overscan: 12,
    enabled: !narrow,
  });
  const paged = useWindowVirtualizer({
    count,
    estimateSize: () => height,
    overscan: 12,
    scrollMargin: listTop,
    enabled: narrow,
  });
  const virtualizer = narrow ? paged : boxed;
  const hasRows = rows.length > 0;
  useLayoutEffect(() => {
    const list = listRef.current;
    if (narrow && list) setListTop(list.getBoundingClientRect().top + window.scrollY);
  }, [narrow, hasRows]);
  useEffect(() => virtualizer.measure(), [height, virtualizer]);
  const items = virtualizer.getVirtualItems();
  const margin = narrow ? listTop : 0;
  const lastIndex = items.length ? items[items.length - 1].index : -1;

  useEffect(() => {
    if (
      !problem &&
      !searching &&
      hasNextPage &&
      !isFetchingNextPage &&
      !isFetchNextPageError &&
      lastIndex >= rows.length - PREFETCH_ROWS
    ) {
      void fetchNextPage();
    }
  }, [
    problem,
    searching,
    hasNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
    lastIndex,
    rows.length,
    fetchNextPage,
  ]);

  // A new filter starts at the top.
  const filterKey = JSON.stringify(filter);
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [filterKey]);

  const countText = loadedText({
    problem,
    pending: query.isPending,
    searching,
    syncing,
    filtered,
    shown: rows.length,
    more: Boolean(hasNextPage),
  });

  const clearFilters = (
    <Button
      variant="secondary"
      onClick={() => {
        setFilter({});
        setClearedAt(Date.now());
      }}
    >
      Clear filters
    </Button>
  );
  let body;
  if (problem) {
    body = (
      <EmptyState title="No transactions: this filter cannot match" action={clearFilters}>
        <span role="alert">{problem}</span>
      </EmptyState>
    );
  } else if (query.isPending) body = <SkeletonRows rows={8} label="Loading transactions" />;
  else if (searching && rows.length === 0) body = <SkeletonRows rows={8} label="Searching transactions" />;
  else if (query.isError && rows.length === 0) {
    body = <QueryError error={query.error} after="Your filters are kept." onRetry={() => void query.refetch()} />;
  } else if (rows.length === 0) {
    body = <NoRows filtered={filtered} syncing={syncing} clearFilters={clearFilters} />;
  } else {
    body = (
      <div
        ref={narrow ? listRef : scrollRef}
        className={narrow ? "relative" : "relative h-[36rem] overflow-auto overscroll-contain"}
        tabIndex={narrow ? undefined : 0}
        aria-label={narrow ? undefined : "Transactions, scrollable"}
      >
        <div
          role="table"
          aria-label="Transactions"
          aria-rowcount={more ? -1 : rows.length + 1}
          className={balances ? "sm:min-w-[60rem]" : "sm:min-w-[52rem]"}
        >
          <TransactionsHeader withBalance={balances !== null} />
          <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const t = rows[item.index];
              if (t) {
                return (
                  <TransactionRow
                    key={t.id}
                    transaction={t}
                    counterpartName={t.counterpartId ? counterpartNames.get(t.counterpartId) : undefined}
                    accountName={accountId === undefined ? (t.accountName ?? undefined) : undefined}
                    runningBalance={balances ? (balances.get(t.id) ?? null) : undefined}
                    index={item.index}
                    start={item.start - margin}
                    height={height}
                    onOpen={(tx) => {
                      opened.current = tx;
                      setOpenId(tx.id);
                    }}
                  />
                );
              }
              return (
                <div
                  key="loader"
                  role="row"
                  style={{ height, transform: `translateY(${item.start - margin}px)` }}
                  className="absolute left-0 top-0 flex w-full items-center gap-2 px-5 text-sm text-slate-600"
                >
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
        description={
          // On a phone the column heads say as much; the sentence would push the rows down.
          <span className="hidden sm:inline">
            Newest first. Pending transactions are dated by their value date. Select a row for everything the bank sent.
          </span>
        }
        action={
          <p role="status" aria-label="Loaded transactions" className="text-xs text-slate-600 sm:text-sm">
            {countText}
            {(searching || (query.isFetching && !query.isPending && !isFetchingNextPage)) && (
              <span className="ml-2 inline-flex align-middle">
                <Spinner />
              </span>
            )}
          </p>
        }
      />
      <TransactionFilters
        filter={filter}
        onChange={setFilter}
        accounts={accounts}
        onTyping={setTyped}
        clearedAt={clearedAt}
      />
      <TransactionTotalsBar accountId={accountId} filter={filter} enabled={problem === null} syncing={syncing} />
      {accountId !== undefined &&
        (syncing ? <BalanceCheckPending /> : stats.data && <BalanceCheckNote stats={stats.data} filtered={filtered} />)}
      {body}
      {open && (
        <TransactionDetail
          transaction={open}
          accountId={open.accountId ?? accountId ?? ""}
          canEdit={canEdit}
          onClose={() => setOpenId(null)}
        />
      )}
    </Card>
  );
}
