"use client";
// Every account's transactions in one list: one search, the same filters as an account's list (kept
// in the URL), an account to narrow to, totals per currency, and a row's detail. Virtualised, so a
// scope with several busy accounts scrolls as smoothly as one. "By category" shows the money per
// category and month instead (components/transactions/category-months.tsx).
import { useEffect } from "react";
import { accountTitle } from "@/components/accounts/format";
import { TransactionsTable } from "@/components/accounts/transactions-table";
import { CategoryMonths } from "@/components/transactions/category-months";
import { useTransactionsView, ViewSwitch } from "@/components/transactions/view-switch";
import { ButtonLink } from "@/components/ui/button";
import { Card, EmptyState, PageHeader, SkeletonRows } from "@/components/ui/card";
import { isActive, useAccounts } from "@/lib/client/accounts";
import { itemsOf } from "@/lib/client/domain-hooks";
import { shownByDefault } from "@/lib/client/account-housekeeping";

export function TransactionsPage() {
  const view = useTransactionsView();
  const accounts = useAccounts();
  const items = itemsOf(accounts.data);
  // Accounts tracked elsewhere (another tab, a script) since the list was cached: ask again on arrival.
  const { refetch } = accounts;
  useEffect(() => {
    void refetch();
  }, [refetch]);
  const header = (
    <PageHeader
      title="Transactions"
      description="Every tracked account, newest first. Search names (yours and the bank's), references and amounts; narrow to an account or a period."
    />
  );
  if (accounts.isPending)
    return (
      <>
        {header}
        <Card>
          <SkeletonRows rows={6} label="Loading transactions" />
        </Card>
      </>
    );
  if (items.length === 0 && !accounts.isFetching)
    return (
      <>
        {header}
        <Card>
          <EmptyState title="No tracked accounts yet" action={<ButtonLink href="/connect">Connect a bank</ButtonLink>}>
            Connect a bank and track an account: its transactions appear here with every other account&apos;s.
          </EmptyState>
        </Card>
      </>
    );
  if (view === "categories")
    return (
      <>
        {header}
        <ViewSwitch current={view} />
        <CategoryMonths />
      </>
    );
  return (
    <>
      {header}
      <ViewSwitch current={view} />
      <TransactionsTable
        syncing={items.some((a) => isActive(a.latestSync?.state))}
        // The picker leaves out accounts a person hid or archived (their rows stay in the list).
        accounts={items.filter(shownByDefault).map((a) => ({ id: a.id, name: accountTitle(a) }))}
      />
    </>
  );
}
